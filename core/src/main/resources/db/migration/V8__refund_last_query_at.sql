-- Issue 12 (stuck refunds): when a refund was last put on the query ladder or queried. A refund is stored PENDING,
-- then its RefundQueryDue is published after the commit; a process that dies in between leaves it with no query
-- chain. refund-service's StuckRefundSweeper puts a refund not final back on the ladder when its status has not moved
-- for refund.stuck-after and last_query_at is NULL or older than the ladder's longest delay plus that age.
ALTER TABLE refund
    ADD COLUMN last_query_at DATETIME(3) NULL AFTER finished_at;
