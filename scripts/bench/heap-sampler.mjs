// Preloaded into an engine child by child-profile.ts --heap-alloc DIR (node --import): V8's
// sampling heap profiler over the child's whole life, objects the GC collected included (Node's
// own --heap-prof keeps only what is alive at exit), written to DIR as a .heapprofile on exit.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.HEAP_ALLOC_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  process.on('exit', () => {
    // The same-thread session answers synchronously: the profile is written before the process ends.
    session.post('HeapProfiler.stopSampling', (err, res) => {
      if (err) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `child-${process.pid}.heapprofile`), JSON.stringify(res.profile));
    });
  });
}
