-- Numbering the log and reading it, each in one round trip (packages/events/src/sequencer.ts).
--
-- The advisory lock must be held before the numbering statement takes its snapshot, or that statement
-- could miss the numbers of a sequencer that committed meanwhile and give a position twice. Within one
-- SQL statement the snapshot comes first, so the lock and the numbering used to be separate statements
-- of one transaction: five round trips per wake-up. A VOLATILE function takes a fresh snapshot for each
-- statement it runs, so here the lock is taken first and the UPDATE sees every earlier sequencer's work.
-- The lock and the NOTIFY both end with the calling statement's transaction.
CREATE FUNCTION "platform_event_number"(p_batch integer) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  numbered integer;
BEGIN
  -- Most wake-ups find nothing to number: ask first (an index lookup), without queueing for the lock.
  IF NOT EXISTS (SELECT 1 FROM platform_event WHERE "position" IS NULL) THEN
    RETURN 0;
  END IF;
  -- "PAPLOG" in ASCII: the same key the sequencer has always used.
  PERFORM pg_advisory_xact_lock(88241450274631);
  WITH head AS (SELECT coalesce(max("position"), 0) AS top FROM platform_event),
  pending AS (
    SELECT oldest.id, row_number() OVER (ORDER BY oldest.insertion) AS rank
    FROM (SELECT w.id, w.insertion FROM platform_event w WHERE w."position" IS NULL ORDER BY w.insertion LIMIT p_batch) oldest
  ),
  done AS (
    UPDATE platform_event e SET "position" = head.top + pending.rank
    FROM pending, head WHERE e.id = pending.id
    RETURNING 1
  )
  SELECT count(*)::integer INTO numbered FROM done;
  IF numbered > 0 THEN
    PERFORM pg_notify('platform_events', 's');
  END IF;
  RETURN numbered;
END
$$;

-- What a hub does on every wake-up: number what awaits numbering, then read the numbered events after
-- its position. The read runs after the numbering, in the same transaction, so it sees this call's own
-- numbers and everything numbered before; positions a concurrent sequencer has not committed yet are
-- above all of them, so what is returned is always a gap-free run of the log.
CREATE FUNCTION "platform_event_follow"(p_after bigint, p_page integer, p_batch integer) RETURNS SETOF platform_event LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM platform_event_number(p_batch);
  RETURN QUERY SELECT * FROM platform_event e WHERE e."position" > p_after ORDER BY e."position" LIMIT p_page;
END
$$;
