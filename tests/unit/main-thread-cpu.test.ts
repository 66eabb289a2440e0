import { describe, expect, it } from 'vitest';
import { mainThreadFigures, type TraceEvent } from '../bench/main-thread-cpu';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, durMs: number, cpuMs: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});
const fcpAt = (pid: number, tid: number, ts: number): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', pid, tid, ts });

describe('mainThreadFigures', () => {
  it('counts the tasks after the first paint by their CPU time and by their wall-clock time, slowed down 4×', () => {
    const events = [
      thread(1, 1, 'CrRendererMain'),
      fcpAt(1, 1, 1_000_000),
      // Before the first paint: not counted.
      task(1, 1, 500_000, 100, 100),
      // 40 ms wall, 20 ms CPU: 4 × 40 − 50 = 110 by wall-clock, 4 × 20 − 50 = 30 by CPU.
      task(1, 1, 1_100_000, 40, 20),
      // 15 ms wall, 10 ms CPU: 10 by wall-clock, none by CPU (40 ms slowed down).
      task(1, 1, 1_200_000, 15, 10),
      // 100 ms wall, 30 ms CPU.
      task(1, 1, 1_300_000, 100, 30),
    ];
    const figures = mainThreadFigures(events);
    expect(figures.wallTbtMs).toBeCloseTo(110 + 10 + 350);
    expect(figures.cpuTbtMs).toBeCloseTo(30 + 70);
    expect(figures.longTasks).toBe(2);
    expect(figures.cpuMs).toBeCloseTo(60);
    expect(figures.wallMs).toBeCloseTo(155);
  });

  it("reads the renderer that painted the page, not another renderer's", () => {
    const events = [
      thread(1, 1, 'CrRendererMain'),
      thread(2, 7, 'CrRendererMain'),
      thread(3, 3, 'CrBrowserMain'),
      fcpAt(2, 7, 0),
      task(1, 1, 10, 200, 200),
      task(2, 7, 10, 20, 20),
      task(2, 7, 30_000, 5, 5),
      task(3, 3, 10, 500, 500),
    ];
    expect(mainThreadFigures(events).cpuTbtMs).toBeCloseTo(30);
  });

  it('takes the wall-clock duration where a task has no thread time', () => {
    const events = [thread(1, 1, 'CrRendererMain'), fcpAt(1, 1, 0), { ...task(1, 1, 10, 30, 0), tdur: undefined }];
    expect(mainThreadFigures(events).cpuTbtMs).toBeCloseTo(70);
  });

  it('refuses a trace without a first paint or a renderer', () => {
    expect(() => mainThreadFigures([thread(1, 1, 'CrRendererMain'), task(1, 1, 10, 30, 30)])).toThrow(/first contentful paint/);
    expect(() => mainThreadFigures([thread(1, 1, 'CrRendererMain'), fcpAt(2, 2, 0), task(1, 1, 10, 30, 30)])).toThrow(/first contentful paint/);
    expect(() => mainThreadFigures([])).toThrow(/renderer main thread/);
  });
});
