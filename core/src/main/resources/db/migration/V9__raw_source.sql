-- Issue 13 (active query): how a raw notification row was learnt. CALLBACK = pushed by the channel and verified;
-- QUERY = the channel's answer to our active query that found the order paid. Both share the row's unique key
-- (merchant, channel, channel trade number), so whichever comes first is stored and the other is a duplicate.
ALTER TABLE pay_notify_raw
    ADD COLUMN source VARCHAR(16) NOT NULL DEFAULT 'CALLBACK' AFTER notify_id;
