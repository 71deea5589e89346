package io.paypipe.ingress.wechatpay;

import io.paypipe.ingress.intake.VerifiedNotification;

/** What a verified payment notification is worth to the pipeline. */
sealed interface Classification {

    /** A final state (or one the product does not know): store and publish. */
    record Final(VerifiedNotification notification) implements Classification {
    }

    /** No money moved yet (NOTPAY, USERPAYING, ACCEPT): acknowledge, store nothing. */
    record Intermediate(String tradeState, String merchantId, String outTradeNo) implements Classification {
    }
}
