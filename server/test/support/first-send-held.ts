/**
 * A sender's first call held until its instance is told to stop, so a test can stop an instance in the middle of
 * a send: the sender awaits `enter()` before sending, and `stopDuring` runs the work, stops the instance once the
 * first send is under way, then lets that send finish.
 */
export function firstSendHeld() {
  let sending!: () => void;
  const firstSend = new Promise<void>((resolve) => (sending = resolve));
  let proceed!: () => void;
  const stopped = new Promise<void>((resolve) => (proceed = resolve));
  const held = {
    /** Sends attempted so far. */
    calls: 0,
    enter: async (): Promise<void> => {
      held.calls += 1;
      if (held.calls === 1) {
        sending();
        await stopped;
      }
    },
    stopDuring: async (work: () => Promise<unknown>, stop: () => Promise<unknown>): Promise<void> => {
      const run = work();
      await firstSend;
      const stopping = stop();
      proceed();
      await Promise.all([run, stopping]);
    },
  };
  return held;
}
