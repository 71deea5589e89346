package io.paypipe.ingress.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.rederive.StoredBodies;
import org.springframework.stereotype.Component;

/**
 * A stored Alipay body, checked again in full: the signature travels in the form itself,
 * so the stored body is verified with the app's Alipay public key exactly as a callback
 * is, then classified by the current classifier.
 */
@Component
class AlipayStoredBodies implements StoredBodies {

    private final AlipayVerifier verifier;

    private final AlipayClassifier classifier;

    AlipayStoredBodies(AlipayVerifier verifier, AlipayClassifier classifier) {
        this.verifier = verifier;
        this.classifier = classifier;
    }

    @Override
    public Channel channel() {
        return Channel.ALIPAY;
    }

    @Override
    public Check<Classified> recheck(String merchantId, String spMerchantId, String body) {
        return AlipayForm.decodeStored(body).then(verifier::verify).then(classifier::classify);
    }

}
