package io.paypipe.ingress.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.rederive.StoredBodies;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * A stored WeChat Pay body, checked again: the signature headers are not stored, so the
 * platform signature cannot be; the resource is decrypted with the APIv3 key of the
 * merchant the row names (the provider in service-provider mode), whose GCM tag proves
 * that WeChat sealed it, and then goes through the current owner and app checks and
 * classifiers. A body whose tag fails is rejected.
 */
@Component
class WechatPayStoredBodies implements StoredBodies {

    private final WechatPayMerchants merchants;

    private final TransactionClassifier transactions;

    private final RefundClassifier refunds;

    WechatPayStoredBodies(WechatPayMerchants merchants, TransactionClassifier transactions, RefundClassifier refunds) {
        this.merchants = merchants;
        this.transactions = transactions;
        this.refunds = refunds;
    }

    @Override
    public Channel channel() {
        return Channel.WECHATPAY;
    }

    @Override
    public Check<Classified> recheck(String merchantId, String spMerchantId, String body) {
        String owner = spMerchantId != null ? spMerchantId : merchantId;
        Optional<WechatPayMerchant> merchant = merchants.byMerchantId(owner);
        if (merchant.isEmpty()) {
            return Check.reject(Rejection.UNKNOWN_MERCHANT, "no WeChat Pay merchant " + owner);
        }
        return Envelope.read(body)
            .then(envelope -> merchant.get()
                .decryptStored(body)
                .then(plaintext -> classify(
                        new OpenedNotification(merchant.get(), envelope, new ResourceFields(plaintext), body))));
    }

    private Check<Classified> classify(OpenedNotification opened) {
        return switch (opened.envelope().kind()) {
            case PAYMENT -> transactions.classify(opened);
            case REFUND -> refunds.classify(opened);
        };
    }

}
