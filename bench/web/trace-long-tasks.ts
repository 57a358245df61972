import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PAGES, launchChromium, seedOfferState, startWebServer } from './lighthouse-bench';
import { REPO_DIR, tempPath } from '../lib/paths';

/*
 * `npx tsx bench/web/trace-long-tasks.ts [runs] [--keep DIR]`: loads each Lighthouse page (unthrottled,
 * as Lighthouse's simulated throttling observes it) with a Chromium trace, and lists the main-thread
 * tasks of 12 ms or more after the first contentful paint (each is ≥ 50 ms under Lighthouse's 4×
 * CPU slowdown, so it adds blocking time), with what they are made of.
 *
 * Two sums of blocking time from the tasks' CPU time: "~TBT at 4×" multiplies every task by 4, "~TBT
 * as Lantern weighs it" by 2 for a task with a Layout in it, as Lighthouse's simulation does
 * (Simulator's layoutTaskMultiplier, 0.5 × the CPU slowdown), which uses each task's wall time. A task
 * with a layout adds blocking time from 25 ms, any other from 12.5 ms.
 */

interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; // Trace arguments are free-form JSON, read by name.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  args?: Record<string, any> }

const LONG_MS = 12;
const SHOWN = new Set(['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'MinorGC', 'MajorGC', 'ParseAuthorStyleSheet', 'RunMicrotasks', 'EventDispatch', 'PrePaint', 'Commit', 'v8.parseOnBackground']);

/** Self time by function (url:line name) of the CPU samples inside [from, to), top 10. */
function hotFunctions(events: TraceEvent[], pid: number, tid: number, from: number, to: number): string[] {
  const nodes = new Map<number, string>();
  const self = new Map<string, number>();
  let t = 0;
  for (const e of events) {
    if (e.name === 'Profile' && e.pid === pid) t = e.args?.data?.startTime ?? t;
    if (e.name !== 'ProfileChunk' || e.pid !== pid) continue;
    const d = e.args?.data ?? {};
    for (const n of d.cpuProfile?.nodes ?? []) {
      const cf = n.callFrame ?? {};
      nodes.set(n.id, `${cf.functionName || '(anon)'} ${String(cf.url ?? '').split('/').pop()}:${cf.lineNumber ?? ''}:${cf.columnNumber ?? ''}`);
    }
    const samples: number[] = d.cpuProfile?.samples ?? [];
    const deltas: number[] = d.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      t += deltas[i] ?? 0;
      const prev = t - (deltas[i + 1] ?? 0);
      if (t >= from && t < to) {
        const name = nodes.get(samples[i]!) ?? '?';
        self.set(name, (self.get(name) ?? 0) + (deltas[i + 1] ?? 100));
      }
      void prev;
    }
  }
  void tid;
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([n, us]) => `      ${(us / 1000).toFixed(1)} ms ${n}`);
}

function describe(events: TraceEvent[], task: TraceEvent): string[] {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter((e) => e.pid === task.pid && e.tid === task.tid && e.ph === 'X' && SHOWN.has(e.name) && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) >= 1000);
  return inside.slice(0, 12).map((e) => {
    const d = e.args?.data ?? {};
    const what = d.url ? ` ${String(d.url).split('/').pop()}` : d.functionName ? ` ${d.functionName}` : d.type ? ` ${d.type}` : '';
    const extra = e.name === 'Layout' ? ` (${e.args?.beginData?.dirtyObjects ?? '?'}/${e.args?.beginData?.totalObjects ?? '?'} objects)` : e.name === 'UpdateLayoutTree' ? ` (${e.args?.elementCount ?? '?'} elements)` : '';
    return `    +${((e.ts - task.ts) / 1000).toFixed(1)} ${e.name}${what}${extra} ${((e.dur ?? 0) / 1000).toFixed(1)} ms`;
  });
}

async function traceOnce(base: string, page: (typeof PAGES)[number]): Promise<{ lines: string[]; events: TraceEvent[] }> {
  const browser = await launchChromium({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const tab = await browser.newPage();
    if (page.prepare === 'offer-state') await seedOfferState(tab, base);
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    const traceFile = tempPath('trace', '.json');
    await tab.tracing.start({ path: traceFile, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', 'v8.execute', 'toplevel', 'disabled-by-default-lighthouse', 'blink', 'disabled-by-default-v8.cpu_profiler'] });
    await tab.goto(base + page.path, { waitUntil: 'load' });
    await new Promise((r) => setTimeout(r, 3000));
    const buf = await tab.tracing.stop();
    rmSync(traceFile, { force: true });
    const events = (JSON.parse(Buffer.from(buf!).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(base + page.path.slice(0, 4)));
    const mainPid = fcp?.pid;
    const mainTid = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === mainPid && e.args?.name === 'CrRendererMain')?.tid;
    const t0 = nav?.ts ?? fcp?.ts ?? 0;
    const tasks = events.filter((e) => e.pid === mainPid && e.tid === mainTid && e.name === 'RunTask' && e.ph === 'X' && e.ts > t0);
    const lines = [`${page.name}: FCP ${fcp ? ((fcp.ts - t0) / 1000).toFixed(0) : '?'} ms, ${tasks.length} tasks, total ${(tasks.reduce((s, t) => s + (t.tdur ?? t.dur ?? 0), 0) / 1000).toFixed(0)} ms CPU`];
    let blocking = 0;
    let lantern = 0;
    for (const t of tasks) {
      // The thread's CPU time (tdur), not the wall time: other processes on the machine stretch the latter.
      const ms = (t.tdur ?? t.dur ?? 0) / 1000;
      if (ms < LONG_MS || !fcp) continue;
      const beforeFcp = t.ts + (t.dur ?? 0) < fcp.ts;
      if (!beforeFcp) blocking += ms * 4 - 50;
      const didLayout = events.some((e) => e.name === 'Layout' && e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0));
      if (!beforeFcp) lantern += Math.max(0, ms * (didLayout ? 2 : 4) - 50);
      lines.push(`  ${beforeFcp ? '(before FCP) ' : ''}task at ${((t.ts - t0) / 1000).toFixed(0)} ms: ${ms.toFixed(1)} ms CPU (${((t.dur ?? 0) / 1000).toFixed(1)} ms wall)${didLayout ? ', with a layout' : ''}`, ...describe(events, t), '    hot:', ...hotFunctions(events, t.pid, t.tid, t.ts, t.ts + (t.dur ?? 0)));
    }
    lines.push(`  ~TBT at 4× (CPU time): ${blocking.toFixed(0)} ms; ~TBT as Lantern weighs it (×2 with a layout): ${lantern.toFixed(0)} ms`);
    // What moved, and when (Lighthouse's CLS is the largest session window of these).
    for (const e of events) {
      if (e.name !== 'LayoutShift' || e.pid !== mainPid || e.args?.data?.had_recent_input) continue;
      const d = e.args?.data ?? {};
      lines.push(`  shift at ${((e.ts - t0) / 1000).toFixed(0)} ms: ${Number(d.weighted_score_delta ?? d.score ?? 0).toFixed(4)} (${(d.impacted_nodes ?? []).length} nodes)`);
    }
    return { lines, events };
  } finally {
    await browser.close();
  }
}

const runs = Number(process.argv[2] ?? 1);
const keepAt = process.argv.indexOf('--keep');
const dist = tempPath('checkout-trace-dist');
cpSync(path.join(REPO_DIR, 'web', 'dist'), dist, { recursive: true });
const server = await startWebServer(dist);
try {
  const base = `http://127.0.0.1:${server.port}`;
  for (let i = 0; i < runs; i++) {
    for (const page of PAGES) {
      const { lines, events } = await traceOnce(base, page);
      console.log(lines.join('\n'));
      if (keepAt > 0) writeFileSync(path.join(process.argv[keepAt + 1]!, `${page.name}-${i}.json`), JSON.stringify({ traceEvents: events }));
    }
  }
} finally {
  await server.stop();
  server.cleanup();
  rmSync(dist, { recursive: true, force: true });
}
