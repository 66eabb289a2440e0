import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { pendingActor } from '../app/form.model';
import {
  CAMERA_HEIGHT,
  CAMERA_WIDTH,
  MAX_FORCED_RETAKES,
  photoCaptureMachine,
  type CameraEvent,
  type CameraInput,
  type PhotoCaptureEmitted,
  type PhotoCaptureEvent,
  type PhotoProblem,
} from './photo-capture.machine';
import {
  CHECK_DONE,
  CHECK_ERROR,
  createPhotoCaptureTestModel,
  describePhotoCaptureEvent,
  MODEL_SHOT,
  photoCaptureModelFacts,
  photoCaptureTestEvents as ev,
} from './photo-capture.model';

const flush = () => vi.advanceTimersByTimeAsync(0);

/** The real machine with a fake camera (which the test drives) and a pending quality check. */
function start(facing: 'environment' | 'user' = 'environment') {
  const cameras: { input: CameraInput; sendBack: (event: CameraEvent) => void; stopped: boolean }[] = [];
  const check = pendingActor<{ problems: PhotoProblem[] }, Blob>();
  const actor = createActor(
    photoCaptureMachine.provide({
      actors: {
        camera: fromCallback<CameraEvent, CameraInput>(({ input, sendBack }) => {
          const camera = { input, sendBack, stopped: false };
          cameras.push(camera);
          return () => {
            camera.stopped = true;
          };
        }),
        checkQuality: check.logic,
      },
    }),
    { input: { facing } },
  );
  const emitted: PhotoCaptureEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as PhotoCaptureEmitted));
  actor.start();
  return { actor, cameras, check, emitted, snap: () => actor.getSnapshot() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('photo capture machine', () => {
  it('asks for a 1920×1080 camera facing the environment for documents, the user (mirrored) for the selfie', () => {
    const doc = start('environment');
    expect(doc.cameras[0].input).toEqual({ facing: 'environment', width: CAMERA_WIDTH, height: CAMERA_HEIGHT });
    expect(doc.snap().context.mirrored).toBe(false);
    const selfie = start('user');
    expect(selfie.cameras[0].input.facing).toBe('user');
    expect(selfie.snap().context.mirrored).toBe(true);
  });

  it(`forces at most ${MAX_FORCED_RETAKES} retakes of a poor photo, then lets the member use it`, async () => {
    const run = start();
    run.cameras[0].sendBack({ type: 'camera.ready' });
    for (let retake = 0; retake < MAX_FORCED_RETAKES; retake++) {
      run.actor.send({ type: 'photo.taken', photo: MODEL_SHOT });
      expect(run.cameras.at(-1)!.stopped).toBe(true);
      run.check.last().resolve({ problems: ['blurry'] });
      await flush();
      expect(run.snap().value).toBe('poor');
      expect(run.snap().can({ type: 'photo.accept' })).toBe(false);
      run.actor.send({ type: 'photo.retake' });
      run.cameras.at(-1)!.sendBack({ type: 'camera.ready' });
    }
    run.actor.send({ type: 'photo.taken', photo: MODEL_SHOT });
    run.check.last().resolve({ problems: ['dark'] });
    await flush();
    expect(run.snap().value).toBe('review');
    expect(run.snap().context.problems).toEqual(['dark']);
    run.actor.send({ type: 'photo.accept' });
    expect(run.emitted).toEqual([{ type: 'photo.accepted', photo: MODEL_SHOT }]);
    expect(run.snap().status).toBe('done');
  });

  it('without a camera the photo comes from the file picker, with the same checks', async () => {
    const run = start();
    run.cameras[0].sendBack({ type: 'camera.unavailable' });
    expect(run.snap().value).toBe('upload');
    run.actor.send({ type: 'photo.chosen', photo: MODEL_SHOT });
    run.check.last().resolve({ problems: ['blurry'] });
    await flush();
    run.actor.send({ type: 'photo.retake' });
    expect(run.snap().value).toBe('upload');
    expect(run.cameras).toHaveLength(1);
  });
});

describe('photo capture machine: model-based paths', () => {
  const paths = [...createPhotoCaptureTestModel('environment').getShortestPaths(), ...createPhotoCaptureTestModel('user').getShortestPaths()];

  it('the paths reach every state and take every event', () => {
    const reached = new Set<string>();
    for (const path of paths) for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id);
    expect(getStateNodes(photoCaptureMachine.root).map((node) => node.id).filter((id) => !reached.has(id))).toEqual([]);
    const used = new Set(paths.flatMap((path) => path.steps.map((step) => describePhotoCaptureEvent(step.event))));
    for (const event of Object.values(ev)) expect(used).toContain(describePhotoCaptureEvent(event));
  });

  for (const [index, path] of paths.entries()) {
    const facing = index < paths.length / 2 ? 'environment' : 'user';
    it(`${facing}: ${path.steps.slice(1).map((s) => describePhotoCaptureEvent(s.event)).join(' → ') || 'start'} ⇒ ${JSON.stringify(path.state.value)}`, async () => {
      const run = start(path.steps[0].state.context.facing);
      const events: Record<string, (step: { event: AnyEventObject }) => Promise<void>> = {};
      for (const event of Object.values(ev)) {
        events[event.type] = async ({ event: e }) => {
          if (e.type === CHECK_DONE || e.type === CHECK_ERROR) run.check.settle(e);
          else if (e.type === 'camera.ready' || e.type === 'camera.unavailable') run.cameras.at(-1)!.sendBack(e as CameraEvent);
          else run.actor.send(e as PhotoCaptureEvent);
          await flush();
        };
      }
      await path.test({
        states: {
          '*': (model) => {
            const real = run.snap();
            expect(photoCaptureModelFacts(real)).toEqual(photoCaptureModelFacts(model));
            // The camera runs exactly while the live view is wanted.
            expect(run.cameras.filter((c) => !c.stopped)).toHaveLength(real.hasTag('camera') ? 1 : 0);
            expect(run.check.outstanding()).toHaveLength(real.matches('checking') ? 1 : 0);
          },
        },
        events,
      });
    });
  }
});
