/** Something the chain or the api says does not exist: asking again will not make it exist. */
export class NotFoundError extends Error {
  override name = "NotFoundError";
}
