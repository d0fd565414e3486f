// Test support shared by the API's tests, the end-to-end suite and the benches (Node only; the fixtures, which
// browser tests use too, are also `@bastion/test-kit/fixtures`).
export { solveAltcha, solveCaptcha, type AltchaChallenge } from './altcha.ts';
export { freePort } from './free-port.ts';
export { startSmtpCapture, type CapturedMail, type SmtpCapture, type SmtpCaptureOptions } from './smtp-capture.ts';
export * from './fixtures.ts';
