package io.paypipe.ingress.wechatpay;

import io.paypipe.ingress.intake.IntermediateNotice;
import io.paypipe.ingress.intake.VerifiedNotification;
import io.paypipe.ingress.intake.VerifiedRefund;

/** What a verified notification is worth to the pipeline. */
sealed interface Classification {

    /** A final trade state (or one the product does not know): store in pay_notify_raw and publish. */
    record Final(VerifiedNotification notification) implements Classification {
    }

    /** No money moved yet (NOTPAY, USERPAYING, ACCEPT): append to pay_notify_event and acknowledge. */
    record Intermediate(IntermediateNotice notice) implements Classification {
    }

    /** A refund event: store in pay_refund_raw and publish to refund.notify. */
    record Refund(VerifiedRefund refund) implements Classification {
    }
}
