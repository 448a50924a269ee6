import { Transform, pipeline, type Readable } from "node:stream";

/** The stream as it passes, counting its bytes; `done` gets the count once, when it ends or is cut off. */
export function counted(source: Readable, done: (bytes: number) => void): Readable {
  let bytes = 0;
  let reported = false;
  const report = () => {
    if (reported) return;
    reported = true;
    done(bytes);
  };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  // pipeline: a caller that leaves destroys the counter, and with it the source (which releases its engine connection).
  pipeline(source, counter, report);
  counter.once("close", report);
  return counter;
}
