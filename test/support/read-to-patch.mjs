// How long after the read it relies on each subscriber move was sent, from an emulator's request
// log: each `PATCH /subscriptions/{id}` against the latest list request by `id` that named it. Shared
// by the tests of the batch's read and by the move benchmark (plain JS, so the bench can import it).

/** Per read by id, in order: its time and the longest gap (ms) to a PATCH that relied on it (0: none sent). */
export function readToPatchGaps(requests) {
  const reads = [];
  const lastRead = new Map();
  for (const request of requests) {
    const at = Date.parse(request.at);
    if (request.method === 'GET' && request.path === '/subscriptions' && request.query.id !== undefined) {
      const read = { at, longest: 0 };
      reads.push(read);
      for (const id of request.query.id.split(',')) lastRead.set(id, read);
    } else if (request.method === 'PATCH' && request.path.startsWith('/subscriptions/')) {
      const read = lastRead.get(request.path.slice('/subscriptions/'.length));
      if (read !== undefined) read.longest = Math.max(read.longest, at - read.at);
    }
  }
  return reads;
}
