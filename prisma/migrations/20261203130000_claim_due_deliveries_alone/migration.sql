-- delivery_pass() as before (20261201223000_delivery_functions), but for
-- how it finds the deliveries due: on their own, not joined to their webhook.
-- Joined, the planner met webhook_id = w.id with the index on (webhook_id,
-- event_id) and read every delivery the webhook had ever had, each pass: on
-- PGlite 1.3 ms a pass at 20 000 deliveries, and more with each one. A
-- disabled webhook's deliveries are left out by NOT EXISTS instead, and the
-- pending ones are found through (status, next_attempt_at) alone
-- (docs/decisions/039-pglite-upkeep.md).

CREATE OR REPLACE FUNCTION delivery_pass(
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
      SELECT d.id FROM webhook_delivery d
      WHERE d.status = 'pending' AND d.next_attempt_at <= now()
        AND (d.locked_until IS NULL OR d.locked_until < now())
        AND NOT EXISTS (SELECT 1 FROM webhook w WHERE w.id = d.webhook_id AND w.disabled_at IS NOT NULL)
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
