// The Node entry: the lab image in v86 inside Node, and the replay `content validate` runs in it. Never imported by
// the browser entry (src/index.ts), which the web app's worker bundles.
export * from './lab-image.ts';
export * from './node-lab-machine.ts';
export * from './lab-runner.ts';
export * from './shipped-ready-state.ts';
export * from './output-diff.ts';
export * from './replay-cache.ts';
export * from './replay-recordings.ts';
export * from './tool-files.ts';
