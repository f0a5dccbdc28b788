-- The delivery worker's statements (docs/decisions/037-delivery-planned-once.md),
-- kept in the database as PL/pgSQL functions so each connection plans them
-- once, as record_scan is (decision 018): sent as text, the pass's statement
-- took PGlite some 4.5 ms to parse and plan every time against 0.45 ms to
-- run, ten times a second while events flow. lib/events/delivery-pass.ts,
-- lib/webhooks/deliver-webhooks.ts and lib/notify/deliver-notifications.ts
-- call them with the worker's limits. To change one, add a migration with
-- CREATE OR REPLACE FUNCTION.

-- One pass (decision 033): new events fanned out to webhook deliveries and
-- to notifications, and webhook deliveries claimed, in one statement.
--
-- With p_fan_out, each enabled webhook is given a delivery for every event of
-- its types after the last it was given, and its mark moves on, for up to
-- p_destinations webhooks and p_batch events each (the next pass goes on
-- with the rest). Ids are visible in order (decision 022), so going on from
-- the marks never skips one; a webhook another instance is fanning out is
-- skipped (SKIP LOCKED), and the unique webhook and event would make each
-- delivery once anyway. The body is built here as the receiver gets it, the
-- same at every attempt. Channels get their notifications the same way.
--
-- Then up to p_room deliveries are claimed for this worker alone (claims
-- that cannot collide) for p_claim_seconds: those already due first, then
-- new ones, which are written claimed. r_sends holds them with their
-- webhook's address and secret; r_more says destinations were left over.
CREATE FUNCTION delivery_pass(
  p_fan_out boolean,
  p_room integer,
  p_destinations integer,
  p_batch integer,
  p_claim_seconds integer
)
RETURNS TABLE (r_sends json, r_deliveries integer, r_notifications integer, r_more boolean)
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY
  WITH newest AS (SELECT last_id FROM event_counter WHERE id = 1),
    hooks AS (
      SELECT w.id, w.types, w.last_event_id FROM webhook w, newest
      WHERE p_fan_out AND w.disabled_at IS NULL AND w.last_event_id < newest.last_id
      ORDER BY w.id
      LIMIT p_destinations
      FOR UPDATE OF w SKIP LOCKED),
    hooks_upto AS (
      SELECT LEAST((SELECT last_id FROM newest), (SELECT min(last_event_id) FROM hooks) + p_batch) AS id),
    due AS (
      SELECT d.id FROM webhook_delivery d JOIN webhook w ON w.id = d.webhook_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND w.disabled_at IS NULL
        AND (d.locked_until IS NULL OR d.locked_until < now())
      ORDER BY d.next_attempt_at, d.id
      LIMIT p_room
      FOR UPDATE OF d SKIP LOCKED),
    retried AS (
      UPDATE webhook_delivery d
      SET locked_until = now() + make_interval(secs => p_claim_seconds), attempts = d.attempts + 1
      FROM due
      WHERE d.id = due.id
      RETURNING d.id, d.webhook_id, d.event_id, d.payload, d.attempts, d.created_at),
    fresh AS (
      SELECT h.id AS webhook_id, e.id AS event_id, e.type,
             -- The event's time as JSON writes it (toISOString).
             json_build_object(
               'type', e.type,
               'timestamp', to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'data', json_build_object(
                 'id', e.id, 'type', e.type, 'at', to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'subject', e.subject, 'data', e.data, 'origin', e.origin))::text AS payload,
             row_number() OVER (ORDER BY e.id, h.id) <= p_room - (SELECT count(*) FROM due) AS claimed
      FROM hooks h JOIN event e
        ON e.id > h.last_event_id AND e.id <= (SELECT id FROM hooks_upto) AND e.type = ANY(h.types)),
    made AS (
      INSERT INTO webhook_delivery (webhook_id, event_id, type, payload, updated_at, locked_until, attempts)
      SELECT f.webhook_id, f.event_id, f.type, f.payload, now(),
             CASE WHEN f.claimed THEN now() + make_interval(secs => p_claim_seconds) END,
             CASE WHEN f.claimed THEN 1 ELSE 0 END
      FROM fresh f
      ON CONFLICT (webhook_id, event_id) DO NOTHING
      RETURNING id, webhook_id, event_id, payload, attempts, created_at, locked_until IS NOT NULL AS claimed),
    moved AS (
      UPDATE webhook w SET last_event_id = (SELECT id FROM hooks_upto)
      FROM hooks h
      WHERE w.id = h.id AND w.last_event_id < (SELECT id FROM hooks_upto)),
    webhook_sends AS (
      SELECT c.id, c.webhook_id, c.event_id, c.payload, c.attempts, c.created_at, w.url, w.secret
      FROM (SELECT * FROM retried
            UNION ALL
            SELECT m.id, m.webhook_id, m.event_id, m.payload, m.attempts, m.created_at FROM made m WHERE m.claimed) c
        JOIN webhook w ON w.id = c.webhook_id),
    notify_channels AS (
      SELECT c.id, c.types, c.last_event_id FROM notify_channel c, newest
      WHERE p_fan_out AND c.last_event_id < newest.last_id
      ORDER BY c.id
      LIMIT p_destinations
      FOR UPDATE OF c SKIP LOCKED),
    notify_upto AS (
      SELECT LEAST((SELECT last_id FROM newest), (SELECT min(last_event_id) FROM notify_channels) + p_batch) AS id),
    notices AS (
      INSERT INTO notification (channel_id, event_id, type)
      SELECT c.id, e.id, e.type
      FROM notify_channels c JOIN event e
        ON e.id > c.last_event_id AND e.id <= (SELECT id FROM notify_upto) AND e.type = ANY(c.types)
      ON CONFLICT (channel_id, event_id) DO NOTHING
      RETURNING 1),
    notify_moved AS (
      UPDATE notify_channel n SET last_event_id = (SELECT id FROM notify_upto)
      FROM notify_channels c
      WHERE n.id = c.id AND n.last_event_id < (SELECT id FROM notify_upto))
  SELECT (SELECT coalesce(json_agg(webhook_sends), '[]') FROM webhook_sends),
         (SELECT count(*)::int FROM made),
         (SELECT count(*)::int FROM notices),
         (SELECT count(*) FROM hooks) >= p_destinations OR (SELECT count(*) FROM notify_channels) >= p_destinations;
END;
$$;

-- Webhook deliveries that succeeded, written together a few milliseconds
-- after they were sent (lib/webhooks/deliver-webhooks.ts, recordDelivered):
-- each delivered with its status, latency and the start of the answer, and
-- their webhooks no longer failing.
CREATE FUNCTION record_webhook_successes(
  p_ids integer[],
  p_statuses integer[],
  p_latencies integer[],
  p_responses text[]
)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  WITH v AS (
    SELECT * FROM unnest(p_ids, p_statuses, p_latencies, p_responses) AS v(id, status, latency_ms, response)),
  done AS (
    UPDATE webhook_delivery d
    SET status = 'delivered', locked_until = NULL, last_status = v.status, last_error = NULL,
        latency_ms = v.latency_ms, response = v.response, updated_at = now()
    FROM v WHERE d.id = v.id
    RETURNING d.webhook_id)
  UPDATE webhook SET failing_since = NULL
  WHERE id IN (SELECT webhook_id FROM done) AND failing_since IS NOT NULL;
END;
$$;

-- Up to p_limit channels with something due and out of their batch window
-- (p_batch_seconds), claimed for this worker alone for p_claim_seconds, each
-- with what it has due (at most p_gathered_max, oldest event first) and
-- those events (lib/notify/deliver-notifications.ts, claimDue).
CREATE FUNCTION claim_notify_channels(
  p_limit integer,
  p_batch_seconds integer,
  p_claim_seconds integer,
  p_gathered_max integer
)
RETURNS TABLE (
  id text,
  kind text,
  endpoint text,
  p256dh text,
  auth text,
  token text,
  locale text,
  "baseUrl" text,
  origin text,
  last_sent_at timestamptz,
  quiet_hours text,
  pending json
)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH due AS (
      SELECT c.id FROM notify_channel c
      WHERE (c.locked_until IS NULL OR c.locked_until < now())
        AND (c.last_sent_at IS NULL OR c.last_sent_at <= now() - make_interval(secs => p_batch_seconds))
        AND EXISTS (SELECT 1 FROM notification n
                    WHERE n.channel_id = c.id AND n.status = 'pending' AND n.not_before <= now())
      ORDER BY c.id
      LIMIT p_limit
      FOR UPDATE OF c SKIP LOCKED),
    claimed AS (
      UPDATE notify_channel c SET locked_until = now() + make_interval(secs => p_claim_seconds)
      FROM due
      WHERE c.id = due.id
      RETURNING c.id, c.kind, c.endpoint, c.p256dh, c.auth, c.token, c.locale, c.base_url, c.origin, c.last_sent_at,
                c.person_id)
  SELECT c.id, c.kind, c.endpoint, c.p256dh, c.auth, c.token, c.locale, c.base_url, c.origin, c.last_sent_at::timestamptz,
         (SELECT p.quiet_hours FROM person p WHERE p.id = c.person_id),
         (SELECT coalesce(json_agg(json_build_object(
                   'id', n.id, 'attempts', n.attempts, 'created_at', n.created_at,
                   'event', CASE WHEN e.id IS NULL THEN NULL
                                 ELSE json_build_object('id', e.id, 'type', e.type, 'subject', e.subject, 'data', e.data)
                            END) ORDER BY n.event_id), '[]')
          FROM (SELECT * FROM notification n
                WHERE n.channel_id = c.id AND n.status = 'pending' AND n.not_before <= now()
                ORDER BY n.event_id
                LIMIT p_gathered_max) n
            LEFT JOIN event e ON e.id = n.event_id)
  FROM claimed c;
END;
$$;

-- Messages sent, written together a few milliseconds after they went
-- (lib/notify/deliver-notifications.ts, recordSent): each notification sent,
-- and each channel's batch window running from its send, its claim ended.
CREATE FUNCTION record_notifications_sent(
  p_channels text[],
  p_channels_sent_at timestamptz[],
  p_notifications integer[],
  p_notifications_sent_at timestamptz[]
)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  WITH n AS (
    SELECT * FROM unnest(p_notifications, p_notifications_sent_at) AS n(id, sent_at)),
  done AS (
    UPDATE notification SET status = 'sent', sent_at = n.sent_at FROM n WHERE notification.id = n.id),
  v AS (
    SELECT * FROM unnest(p_channels, p_channels_sent_at) AS v(id, sent_at))
  UPDATE notify_channel c
  SET last_sent_at = v.sent_at, locked_until = NULL, failing_since = NULL, last_error = NULL
  FROM v WHERE c.id = v.id;
END;
$$;
