import type { ActorLogic, AnyEventObject, EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import { doneEvent, errorEvent } from '@/machines/app/form.model';
import { photoCaptureMachine, type PhotoCaptureEvent, type PhotoCaptureSnapshot } from './photo-capture.machine';

/**
 * The photo capture dialog's test model (STYLE rule 19), shared by photo-capture.machine.test.ts and `npm run
 * test:paths`. The world: the camera starts or is unavailable, the member takes or chooses a photo, the quality
 * check finds it good, blurry or dark (or cannot measure it), and the member accepts, retakes or cancels. A vertex
 * is the facts the machine decides on plus the event it came by.
 */

export const CHECK_DONE = doneEvent('checkQuality');
export const CHECK_ERROR = errorEvent('checkQuality');
export const MODEL_SHOT = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });

export const photoCaptureTestEvents = {
  cameraReady: { type: 'camera.ready' },
  cameraUnavailable: { type: 'camera.unavailable' },
  mirror: { type: 'mirror.toggle' },
  take: { type: 'photo.taken', photo: MODEL_SHOT },
  choose: { type: 'photo.chosen', photo: MODEL_SHOT },
  good: { type: CHECK_DONE, output: { problems: [] } },
  blurry: { type: CHECK_DONE, output: { problems: ['blurry'] } },
  dark: { type: CHECK_DONE, output: { problems: ['dark'] } },
  unmeasurable: { type: CHECK_ERROR, error: new Error('createImageBitmap failed') },
  accept: { type: 'photo.accept' },
  retake: { type: 'photo.retake' },
  cancel: { type: 'capture.cancel' },
} as const satisfies Record<string, AnyEventObject>;

const ev = photoCaptureTestEvents;

export function photoCaptureModelEvents(snapshot: PhotoCaptureSnapshot): AnyEventObject[] {
  if (snapshot.status === 'done') return [];
  return Object.values(ev).filter((event) => {
    if (event.type === CHECK_DONE || event.type === CHECK_ERROR) return snapshot.matches('checking');
    // The camera reports once, while starting; a mirror flip twice is where it began.
    if (event.type === 'camera.ready' || event.type === 'camera.unavailable') return snapshot.matches({ camera: 'starting' });
    if (event === ev.mirror) return snapshot.matches({ camera: 'live' }) && snapshot.context.mirrored === (snapshot.context.facing === 'user');
    return snapshot.can(event as PhotoCaptureEvent);
  });
}

export function photoCaptureModelFacts(snapshot: PhotoCaptureSnapshot) {
  const { mirrored, uploadOnly, photo, problems, forcedRetakes } = snapshot.context;
  return { value: snapshot.value, status: snapshot.status, mirrored, uploadOnly, photo: photo !== null, problems, forcedRetakes };
}

export function photoCaptureModelKey(snapshot: PhotoCaptureSnapshot, event?: EventObject): string {
  return JSON.stringify(photoCaptureModelFacts(snapshot)) + (event ? ` via ${describePhotoCaptureEvent(event)}` : '');
}

export function createPhotoCaptureTestModel(facing: 'environment' | 'user' = 'environment') {
  const logic = photoCaptureMachine as unknown as ActorLogic<PhotoCaptureSnapshot, AnyEventObject, { facing: string }>;
  return new TestModel<PhotoCaptureSnapshot, AnyEventObject, { facing: string }>(logic, {
    events: photoCaptureModelEvents,
    serializeState: photoCaptureModelKey,
    input: { facing },
  } as never);
}

export function describePhotoCaptureEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  if (e.type === CHECK_DONE) {
    const problems = (e.output as { problems: string[] }).problems;
    return problems.length ? `the check finds the photo ${problems.join(' and ')}` : 'the check finds the photo good';
  }
  if (e.type === CHECK_ERROR) return 'the photo cannot be measured';
  return e.type;
}
