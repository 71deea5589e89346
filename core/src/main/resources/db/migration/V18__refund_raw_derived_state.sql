-- Issue 17 (re-derive of refund notices): the refund state ingress derived from the body (a RefundState name:
-- SUCCEEDED, CLOSED, ABNORMAL, UNKNOWN), written with the row. refund_state stays the channel's own word (part of the
-- unique key); derived_state is what the classifier made of it, so a re-derive (POST /ops/rederive with table
-- pay_refund_raw) can tell which rows the current classifier derives otherwise. NULL on rows stored before this
-- version: not known (a re-derive treats such a row as changed only when it is set aside, handled=2).
ALTER TABLE pay_refund_raw
    ADD COLUMN derived_state VARCHAR(16) NULL AFTER refund_state;
