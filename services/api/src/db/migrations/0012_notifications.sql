-- Notifications (spec sections 3, 7, 9). Accounts are lower-cased addresses.

CREATE TABLE api.notification_accounts (
  account text PRIMARY KEY,
  registered_at timestamptz NOT NULL DEFAULT now()
);

-- Where an account receives a channel: a web push subscription (JSON), a webhook URL, a Telegram chat.
-- A Telegram identity is pending (identifier NULL) until its one-time token comes back from the bot.
CREATE TABLE api.notification_identities (
  id bigserial PRIMARY KEY,
  account text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('firebase', 'telegram', 'slack', 'discord')),
  identifier text,
  link_token text UNIQUE,
  link_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account, channel, identifier)
);
CREATE INDEX notification_identities_account ON api.notification_identities (account, channel);

CREATE TABLE api.notification_subscriptions (
  id bigserial PRIMARY KEY,
  account text NOT NULL,
  destination text NOT NULL,
  group_names text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account, destination)
);
-- Fan-out reads every subscriber of one DAO.
CREATE INDEX notification_subscriptions_destination ON api.notification_subscriptions (destination);

-- topic '' is the group's setting for every topic; a topic's own row wins over it.
CREATE TABLE api.notification_settings (
  account text NOT NULL,
  group_name text NOT NULL,
  topic text NOT NULL DEFAULT '',
  locale text NOT NULL DEFAULT 'en',
  enabled boolean NOT NULL DEFAULT true,
  channels text[] NOT NULL DEFAULT '{firebase,telegram,slack,discord}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, group_name, topic)
);

-- One row per thing that happened (an indexed chain event or an api write); `key` makes producing idempotent.
CREATE TABLE api.notification_events (
  id bigserial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  topic text NOT NULL,
  group_name text NOT NULL,
  chain_id integer,
  -- Subscribers of this DAO (or account) hear the event ...
  destination text,
  -- ... and these accounts hear it whether subscribed or not (the delegatee, the replied-to author).
  recipients text[] NOT NULL DEFAULT '{}',
  actor text,
  params jsonb NOT NULL DEFAULT '{}',
  occurred_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Handed to the fan-out queue (in the same transaction as its pg-boss job), then fanned out.
  queued boolean NOT NULL DEFAULT false,
  fanned_out_at timestamptz
);
CREATE INDEX notification_events_unqueued ON api.notification_events (id) WHERE NOT queued;

-- The in-app channel: one per event and account.
CREATE TABLE api.notifications (
  id bigserial PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES api.notification_events (id) ON DELETE CASCADE,
  account text NOT NULL,
  topic text NOT NULL,
  group_name text NOT NULL,
  is_read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, account)
);
CREATE INDEX notifications_account ON api.notifications (account, id DESC);
CREATE INDEX notifications_account_unread ON api.notifications (account) WHERE NOT is_read;

-- The other channels: one per event, account and channel (the idempotency key), each a pg-boss job.
CREATE TABLE api.notification_deliveries (
  id bigserial PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES api.notification_events (id) ON DELETE CASCADE,
  account text NOT NULL,
  channel text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'failed', 'sent', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (event_id, account, channel)
);

-- How far each producer has read its source.
CREATE TABLE api.notification_cursors (
  source text PRIMARY KEY,
  position text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
