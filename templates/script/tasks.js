// Work split into tasks. A phone's main thread blocked for more than 50 ms at a time is felt as
// a page that does not answer (total blocking time: docs/development.md's "Performance"), so
// the page script sets a page up as a chain of short steps, each in a task of its own, with the
// browser free between two to paint and to answer the reader.

// nextTask resolves in a new task. scheduler.yield, where the browser has it, is meant for
// this: the browser paints and handles input first, then runs the continuation ahead of other
// pages' work. Elsewhere a MessageChannel message, which unlike a nested setTimeout is never
// clamped to 4 ms.
export function nextTask() {
  if (typeof scheduler !== "undefined" && typeof scheduler.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// inTasks runs steps in order, each in a task of its own, and resolves once the last has run.
// A step that throws is reported as an uncaught error and the rest still run: a broken button
// must not leave the chart unfinished.
export async function inTasks(steps) {
  for (const step of steps) {
    await nextTask();
    try {
      step();
    } catch (e) {
      setTimeout(() => {
        throw e;
      }, 0);
    }
  }
}
