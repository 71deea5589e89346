package io.paypipe.processor.alert;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.PaymentNotified;
import java.time.Instant;

/** Builds the alert about one notification; the key (kind + raw row) makes raising it twice harmless. */
public final class Alerts {

    private Alerts() {
    }

    public static OpsAlertRaised about(PaymentNotified n, Kind kind, Severity severity, String message, Instant now) {
        String key = kind.name() + ":payment:" + n.rawId();
        return new OpsAlertRaised(OpsAlertRaised.idFor(key), key, kind, severity, n.orderKey().tenantId().value(),
                n.orderKey().merchantId().value(), n.orderKey().outTradeNo().value(), n.channel().code(),
                n.channelTradeNo().value(), n.rawId(), message, now);
    }
}
