import { assign, emit, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';

/**
 * The photo capture dialog (spec section 2 overlay 4, section 9 camera defaults; issue 13 item 2).
 *
 * - `starting` asks for the camera (the `camera` callback actor: 1920×1080, facing the environment for documents
 *   and the user for the selfie). It reports `camera.ready` once the view has its first frame → `live` (so the
 *   shutter, shown only there, always has a frame to take), or `camera.unavailable` (no camera, or
 *   permission refused) → `upload`, where a photo is chosen from the device instead. Leaving the live states stops
 *   the camera (the actor's cleanup).
 * - `live`: `mirror.toggle` flips the view; `photo.taken` (the ui draws the video frame) → `checking`.
 * - `upload`: `photo.chosen` → `checking`.
 * - `checking` measures the photo (`checkQuality`: blur, darkness). A good photo → `review`. A poor one → `poor`,
 *   where the member must retake it, at most MAX_FORCED_RETAKES times: after that a poor photo is shown for review
 *   with its problems, and may be used.
 * - `review`: `photo.accept` emits `photo.accepted` with the photo and ends; `photo.retake` goes back to the camera
 *   (or the file picker).
 * - `capture.cancel` anywhere emits `capture.cancelled` and ends.
 */

export const MAX_FORCED_RETAKES = 2;
export const CAMERA_WIDTH = 1920;
export const CAMERA_HEIGHT = 1080;

export type CameraFacing = 'environment' | 'user';
export type PhotoProblem = 'blurry' | 'dark';

export interface PhotoCaptureInput {
  facing: CameraFacing;
}

export interface CameraInput {
  facing: CameraFacing;
  width: number;
  height: number;
}

export type CameraEvent = { type: 'camera.ready' } | { type: 'camera.unavailable' };

export type PhotoCaptureEvent =
  | CameraEvent
  | { type: 'mirror.toggle' }
  | { type: 'photo.taken'; photo: Blob }
  | { type: 'photo.chosen'; photo: Blob }
  | { type: 'photo.accept' }
  | { type: 'photo.retake' }
  | { type: 'capture.cancel' };

export type PhotoCaptureEmitted = { type: 'photo.accepted'; photo: Blob } | { type: 'capture.cancelled' };

export interface PhotoCaptureContext {
  facing: CameraFacing;
  /** The live view is shown mirrored (the selfie starts mirrored, as people expect of a front camera). */
  mirrored: boolean;
  /** A camera could not be used: photos come from the file picker. */
  uploadOnly: boolean;
  photo: Blob | null;
  problems: PhotoProblem[];
  /** Poor photos the member had to retake so far. */
  forcedRetakes: number;
}

const photoOf = (event: PhotoCaptureEvent) => (event.type === 'photo.taken' || event.type === 'photo.chosen' ? event.photo : null);
const problemsOf = (event: { type: string }) => (event as { output?: { problems: PhotoProblem[] } }).output?.problems ?? [];

export const photoCaptureMachine = setup({
  types: {
    context: {} as PhotoCaptureContext,
    events: {} as PhotoCaptureEvent,
    input: {} as PhotoCaptureInput,
    emitted: {} as PhotoCaptureEmitted,
    tags: {} as 'camera' | 'busy',
  },
  actors: {
    // Safe defaults: no camera (the upload fallback), and a check that finds nothing wrong.
    camera: fromCallback<CameraEvent, CameraInput>(({ sendBack }) => {
      sendBack({ type: 'camera.unavailable' });
    }),
    checkQuality: fromPromise<{ problems: PhotoProblem[] }, Blob>(async () => ({ problems: [] })),
  },
  guards: {
    isGood: ({ event }) => problemsOf(event).length === 0,
    mustRetake: ({ context }) => context.forcedRetakes < MAX_FORCED_RETAKES,
    isUploadOnly: ({ context }) => context.uploadOnly,
  },
  actions: {
    takePhoto: assign({ photo: ({ event }) => photoOf(event), problems: [] as PhotoProblem[] }),
    takeProblems: assign({ problems: ({ event }) => problemsOf(event) }),
    countForcedRetake: assign({ forcedRetakes: ({ context }) => context.forcedRetakes + 1, photo: null }),
    clearPhoto: assign({ photo: null, problems: [] as PhotoProblem[] }),
    toggleMirror: assign({ mirrored: ({ context }) => !context.mirrored }),
    setUploadOnly: assign({ uploadOnly: true }),
    reportAccepted: emit(({ context }): PhotoCaptureEmitted => ({ type: 'photo.accepted', photo: context.photo! })),
    reportCancelled: emit({ type: 'capture.cancelled' } satisfies PhotoCaptureEmitted),
  },
}).createMachine({
  id: 'photoCapture',
  context: ({ input }) => ({
    facing: input.facing,
    mirrored: input.facing === 'user',
    uploadOnly: false,
    photo: null,
    problems: [],
    forcedRetakes: 0,
  }),
  initial: 'camera',
  on: {
    'capture.cancel': { target: '.cancelled', actions: 'reportCancelled' },
  },
  states: {
    camera: {
      tags: ['camera'],
      invoke: {
        id: 'camera',
        src: 'camera',
        input: ({ context }): CameraInput => ({ facing: context.facing, width: CAMERA_WIDTH, height: CAMERA_HEIGHT }),
      },
      initial: 'starting',
      on: {
        'camera.unavailable': { target: 'upload', actions: 'setUploadOnly' },
      },
      states: {
        starting: {
          on: { 'camera.ready': { target: 'live' } },
        },
        live: {
          on: {
            'mirror.toggle': { actions: 'toggleMirror' },
            'photo.taken': { target: '#photoCapture.checking', actions: 'takePhoto' },
          },
        },
      },
    },
    upload: {
      on: {
        'photo.chosen': { target: 'checking', actions: 'takePhoto' },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkQuality',
        src: 'checkQuality',
        input: ({ context }) => context.photo!,
        onDone: [
          { guard: 'isGood', target: 'review' },
          { guard: 'mustRetake', target: 'poor', actions: 'takeProblems' },
          { target: 'review', actions: 'takeProblems' },
        ],
        // A photo that cannot be measured is reviewed as it is: the server's own checks still apply.
        onError: { target: 'review' },
      },
    },
    poor: {
      on: {
        'photo.retake': [
          { guard: 'isUploadOnly', target: 'upload', actions: 'countForcedRetake' },
          { target: 'camera', actions: 'countForcedRetake' },
        ],
      },
    },
    review: {
      on: {
        'photo.accept': { target: 'accepted', actions: 'reportAccepted' },
        'photo.retake': [
          { guard: 'isUploadOnly', target: 'upload', actions: 'clearPhoto' },
          { target: 'camera', actions: 'clearPhoto' },
        ],
      },
    },
    accepted: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type PhotoCaptureSnapshot = SnapshotFrom<typeof photoCaptureMachine>;

/** Provides the browser's camera and the quality check. */
export function providePhotoCapture(implementations: {
  camera: ReturnType<typeof fromCallback<CameraEvent, CameraInput>>;
  checkQuality: (photo: Blob) => Promise<{ problems: PhotoProblem[] }>;
}) {
  return photoCaptureMachine.provide({
    actors: {
      camera: implementations.camera,
      checkQuality: fromPromise<{ problems: PhotoProblem[] }, Blob>(({ input }) => implementations.checkQuality(input)),
    },
  });
}
