package io.paypipe.sandbox.wechatpay;

import java.util.Optional;

/**
 * The {@code status} of a refund in WeChat Pay's refund API answers (the SDK's
 * {@code refund.model.Status}): PROCESSING until the money moved (SUCCESS) or the refund
 * was closed (CLOSED); ABNORMAL (the payer's account could not take it) is not final.
 * Every status but PROCESSING is also pushed as a {@code REFUND.*} notification.
 */
public enum RefundApiStatus {

    PROCESSING(null), SUCCESS(RefundStatus.SUCCESS), CLOSED(RefundStatus.CLOSED), ABNORMAL(RefundStatus.ABNORMAL);

    private final RefundStatus notice;

    RefundApiStatus(RefundStatus notice) {
        this.notice = notice;
    }

    /** The notification this status is pushed as; none for PROCESSING. */
    public Optional<RefundStatus> notice() {
        return Optional.ofNullable(notice);
    }

    /** SUCCESS and CLOSED never change again. */
    public boolean isFinal() {
        return this == SUCCESS || this == CLOSED;
    }

}
