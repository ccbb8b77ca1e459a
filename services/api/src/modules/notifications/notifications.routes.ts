/**
 * notifications-core (the account's stored notifications, their count, marking them read, the channels
 * the server can deliver through) and notifications-consumer (register, identities, subscriptions,
 * settings). Spec sections 3, 7 and 9. Every route needs a session and touches the signed-in account's
 * own rows only.
 */
import { DEFAULT_ORDER, PAGE_SIZES } from "@polity/core/constants";
import { noContent } from "@polity/core/records/jsonapi";
import {
  activeChannelsDocument,
  identityDocument,
  type NotificationSettingRecord,
  notificationAccountDocument,
  notificationCountDocument,
  notificationListDocument,
  notificationMarkDocument,
  notificationSettingDocument,
  notificationSettingsDocument,
  subscriptionDocument,
  subscriptionListDocument,
} from "@polity/core/records/notifications";
import {
  groupNameSchema,
  identitySchema,
  markSchema,
  registerSchema,
  settingSchema,
  subscriptionSchema,
  topicSchema,
} from "@polity/core/validation/notifications";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema } from "../../http/address.ts";
import { badRequest } from "../../http/errors.ts";
import {
  commaList,
  errorResponses,
  listDocument,
  offsetOf,
  pageQuery,
  queryString,
  requestBody,
  resource,
} from "../../http/jsonapi.ts";
import { channelSenders } from "../../notifier/channels.ts";
import type { ModuleDeps, Session } from "../types.ts";
import { NotificationsRepository } from "./notifications.repository.ts";
import { NotificationsService, toNotification, toSubscription } from "./notifications.service.ts";

const recordId = z.string().regex(/^\d{1,19}$/, "must be an id");

const storageFilter = z.strictObject({
  is_read: queryString.pipe(z.enum(["true", "false"])).optional(),
  topic: queryString.pipe(commaList(topicSchema)).optional(),
  group_name: queryString.pipe(commaList(groupNameSchema)).optional(),
  account: queryString.pipe(addressSchema).optional(),
});
const storageQuery = z.strictObject({
  page: pageQuery("desc", PAGE_SIZES.notifications),
  filter: storageFilter.optional(),
});
const countQuery = z.strictObject({ filter: storageFilter.optional() });

function serviceOf(deps: ModuleDeps) {
  const config = deps.config.notifications;
  return new NotificationsService(new NotificationsRepository(deps.db), config, channelSenders(config));
}

const tags = (name: string) => [name];
const settingResource = (s: NotificationSettingRecord) =>
  resource("settings", `${s.group_name}:${s.topic ?? ""}`, s);
const security = [{ bearer: [] }];

export const notificationsCoreRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", deps.authenticate);
  const service = serviceOf(deps);
  const t = tags("notifications-core");

  const filterOf = (session: Session, f?: z.infer<typeof storageFilter>) => ({
    account: service.own(session, f?.account),
    isRead: f?.is_read === undefined ? undefined : f.is_read === "true",
    topics: f?.topic,
    groups: f?.group_name,
  });

  r.get(
    "/storage",
    {
      schema: {
        querystring: storageQuery,
        response: { 200: notificationListDocument, ...errorResponses(400, 401, 403, 429) },
        tags: t,
        security,
        summary: "The signed-in account's notifications, newest first (page size 25)",
      },
    },
    async (req) => {
      const filter = filterOf(req.session!, req.query.filter);
      const page = req.query.page;
      const [{ rows, total }, unread] = await Promise.all([
        service.list(filter, offsetOf(page)),
        service.unread(filter.account),
      ]);
      return listDocument(
        rows.map((n) => resource("notifications", n.id, toNotification(n))),
        page,
        total,
        req.url,
        { unread_count: unread },
      );
    },
  );

  r.get(
    "/storage/count",
    {
      schema: {
        querystring: countQuery,
        response: { 200: notificationCountDocument, ...errorResponses(400, 401, 403, 429) },
        tags: t,
        security,
        summary: "How many notifications match the filters, and how many of them are unread",
      },
    },
    async (req) => {
      const filter = filterOf(req.session!, req.query.filter);
      return { data: resource("notifications-count", filter.account, await service.count(filter)) };
    },
  );

  r.post(
    "/storage/mark",
    {
      schema: {
        body: requestBody("notifications-mark", markSchema),
        response: { 200: notificationMarkDocument, ...errorResponses(400, 401, 429) },
        tags: t,
        security,
        summary: "Marks the given notifications (messages: ids) or all of them (all: true) read",
      },
    },
    async (req) => {
      const account = req.session!.address;
      const { messages, all } = req.body.data.attributes;
      const ids = all ? ("all" as const) : (messages ?? []).map(String);
      if (ids !== "all" && ids.some((id) => !/^\d{1,19}$/.test(id)))
        throw badRequest("errors.api.notificationIdInvalid", { field: "messages" }, { field: "messages" });
      return { data: resource("notifications-mark", account, await service.mark(account, ids)) };
    },
  );

  r.get(
    "/settings/active-channels",
    {
      schema: {
        response: { 200: activeChannelsDocument, ...errorResponses(401, 429) },
        tags: t,
        security,
        summary: "Every channel: whether the server can deliver through it, and the account's identity on it",
      },
    },
    async (req) => ({
      data: (await service.activeChannels(req.session!.address)).map((c) =>
        resource("channels", c.channel, c),
      ),
    }),
  );
};

export const notificationsConsumerRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", deps.authenticate);
  const service = serviceOf(deps);
  const t = tags("notifications-consumer");

  r.post(
    "/register",
    {
      schema: {
        body: requestBody("register", registerSchema.strict()),
        response: {
          200: notificationAccountDocument,
          201: notificationAccountDocument,
          ...errorResponses(400, 401, 403, 429),
        },
        tags: t,
        security,
        summary: "Registers the signed-in account for notifications (it agreed to the privacy policy)",
      },
    },
    async (req, reply) => {
      const account = service.own(req.session!, req.body.data.attributes.account);
      const row = await service.register(account);
      return reply.code(row.isNew ? 201 : 200).send({
        data: resource("accounts", account, { account, registered_at: row.registered_at.toISOString() }),
      });
    },
  );

  r.post(
    "/identities",
    {
      schema: {
        body: requestBody("identities", identitySchema),
        response: { 201: identityDocument, ...errorResponses(400, 401, 409, 429) },
        tags: t,
        security,
        summary:
          "Connects a channel: a web push subscription, a Slack or Discord webhook (checked first), or Telegram (answers the bot's deep link)",
      },
    },
    async (req, reply) => {
      const { channel, identifier } = req.body.data.attributes;
      const identity = await service.addIdentity(req.session!.address, channel, identifier);
      return reply
        .code(201)
        .send({ data: resource("identities", identity.id, service.toIdentity(identity)) });
    },
  );

  r.get(
    "/subscriptions",
    {
      schema: {
        querystring: z.strictObject({
          page: pageQuery(DEFAULT_ORDER.subscriptions, PAGE_SIZES.notificationSettings),
        }),
        response: { 200: subscriptionListDocument, ...errorResponses(400, 401, 429) },
        tags: t,
        security,
        summary: "The signed-in account's subscriptions, oldest first (up to 1000)",
      },
    },
    async (req) => {
      const page = req.query.page;
      const { rows, total } = await service.subscriptions(req.session!.address, offsetOf(page));
      return listDocument(
        rows.map((s) => resource("subscriptions", s.id, toSubscription(s))),
        page,
        total,
        req.url,
      );
    },
  );

  r.post(
    "/subscriptions",
    {
      schema: {
        body: requestBody("subscriptions", subscriptionSchema.strict()),
        response: { 201: subscriptionDocument, ...errorResponses(400, 401, 409, 429) },
        tags: t,
        security,
        summary:
          "Subscribes to a DAO's (or an account's) events of the given groups; again replaces the groups",
      },
    },
    async (req, reply) => {
      const { destination, group_names } = req.body.data.attributes;
      const row = await service.subscribe(req.session!.address, destination.toLowerCase(), group_names);
      return reply.code(201).send({ data: resource("subscriptions", row.id, toSubscription(row)) });
    },
  );

  /** DELETE of one of the account's own rows: 204, or 404 when the account has no such row. */
  const deleteRoute = (path: string, remove: (account: string, id: string) => Promise<void>) =>
    r.delete(
      path,
      {
        schema: {
          params: z.strictObject({ id: recordId }),
          response: { 204: noContent, ...errorResponses(400, 401, 404, 429) },
          tags: t,
          security,
        },
      },
      async (req, reply) => {
        await remove(req.session!.address, req.params.id);
        return reply.code(204).send(null);
      },
    );
  deleteRoute("/identities/:id", (account, id) => service.removeIdentity(account, id));
  deleteRoute("/subscriptions/:id", (account, id) => service.unsubscribe(account, id));

  r.get(
    "/settings",
    {
      schema: {
        response: { 200: notificationSettingsDocument, ...errorResponses(401, 429) },
        tags: t,
        security,
        summary:
          "Every group's setting (defaults: enabled, locale en, channels firebase, telegram, slack, discord)",
      },
    },
    async (req) => ({
      data: (await service.settings(req.session!.address)).map(settingResource),
    }),
  );

  r.post(
    "/settings",
    {
      schema: {
        body: requestBody("settings", settingSchema.strict()),
        response: { 200: notificationSettingDocument, ...errorResponses(400, 401, 429) },
        tags: t,
        security,
        summary: "Sets a group's (or one topic's) channels and whether it notifies at all",
      },
    },
    async (req) => {
      return {
        data: settingResource(await service.saveSetting(req.session!.address, req.body.data.attributes)),
      };
    },
  );
};
