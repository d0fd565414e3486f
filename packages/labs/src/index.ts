// The browser entry: what a lab is and how the host sets up its guest. Node's own part is `@bastion/labs/node`.
export * from './lab-spec.ts';
export * from './protocol.ts';
export * from './accounts.ts';
export * from './setup-script.ts';
export * from './provision-lab.ts';
export * from './progress-watch.ts';
export * from './control.ts';
export * from './emulator-activity.ts';
export * from './halted-wait.ts';
export * from './boot-progress.ts';
export * from './boot-profile.ts';
export * from './lab-machine.ts';
export * from './ready-state.ts';
export * from './quiz-lab-setup.ts';
export * from './challenge-lab-setup.ts';
export * from './sealed-setup.ts';
export * from './unseal.ts';
