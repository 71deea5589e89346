package io.paypipe.ingress.alipay;

import io.paypipe.ingress.intake.IntermediateNotice;
import io.paypipe.ingress.intake.VerifiedNotification;
import io.paypipe.ingress.intake.VerifiedRefund;

/** What a verified Alipay notification is to the pipeline. */
sealed interface AlipayNotice {

    /** A final trade status (or one the product does not know): pay_notify_raw and payment.notify. */
    record Payment(VerifiedNotification notification) implements AlipayNotice {
    }

    /** A refund of the trade (it carries out_biz_no and gmt_refund): pay_refund_raw and refund.notify. */
    record Refund(VerifiedRefund refund) implements AlipayNotice {
    }

    /** WAIT_BUYER_PAY: no money yet; the event log, never the raw table. */
    record Intermediate(IntermediateNotice notice) implements AlipayNotice {
    }
}
