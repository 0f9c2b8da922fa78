// Paddle's answer to a key without the permission a read needs (403 forbidden): the review works
// around it with a line saying what is not shown.
import { RemoteError } from '../errors.js';

export const isForbidden = (error: unknown): boolean =>
  error instanceof RemoteError && (error.code === 'forbidden' || error.details.status === 403);
