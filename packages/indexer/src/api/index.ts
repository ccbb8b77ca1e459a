import { db } from "ponder:api";
import schema from "ponder:schema";
import { Hono } from "hono";
import { client } from "ponder";

/**
 * Ponder's own HTTP surface: `/ready`, `/health`, `/status` and `/metrics` are built in; `/sql/*`
 * answers read-only SQL-over-HTTP queries (the product reads through the api's tracker module).
 */
const app = new Hono();

app.use("/sql/*", client({ db, schema }));

export default app;
