import { InvalidEnvelope, isRetryUnknown, isRetryYes, parseEnvelope } from "failwise";

/** What to do after a command failed, from the last line of its stdout. */
export function nextStep(lastLine: string): string {
  try {
    const envelope = parseEnvelope(lastLine);
    if (isRetryYes(envelope)) return `resend after ${envelope.retry_after_ms ?? 0} ms`;
    if (isRetryUnknown(envelope) && envelope.verify) return `run ${envelope.verify.command.join(" ")} first`;
    return `do not resend: ${envelope.recovery}`;
  } catch (err) {
    if (err instanceof InvalidEnvelope) return `no envelope: ${err.code} at ${err.pointer}`;
    throw err;
  }
}
