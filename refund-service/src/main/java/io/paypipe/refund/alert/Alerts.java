package io.paypipe.refund.alert;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import java.time.Instant;

/**
 * Builds alerts. The key says what the alert is about, so raising it again is harmless:
 * {@code <kind>:refund-notice:<raw id>} for one refund notification,
 * {@code <kind>:refund:<refund id>} for one refund, {@code <kind>:refund-task:<task>} for
 * an automatic refund, {@code <kind>:dlt:<topic>:<partition>:<offset>} for a dead letter
 * that names nothing else.
 */
public final class Alerts {

    private Alerts() {
    }

    public static OpsAlertRaised of(String key, Kind kind, Severity severity, About about, String message,
            Instant now) {
        return new OpsAlertRaised(OpsAlertRaised.idFor(key), key, kind, severity, about.tenantId(), about.merchantId(),
                about.outTradeNo(), about.channel(), about.channelTradeNo(), about.rawId(), clip(message), now);
    }

    private static String clip(String message) {
        return message.length() <= 512 ? message : message.substring(0, 509) + "...";
    }

    /** What an alert is about; any part may be unknown (null). */
    public record About(String tenantId, String merchantId, String outTradeNo, String channel, String channelTradeNo,
            Long rawId) {

        public static final About NOTHING = new About(null, null, null, null, null, null);

        public About withRawId(Long id) {
            return new About(tenantId, merchantId, outTradeNo, channel, channelTradeNo, id);
        }

        /** From a record key {@code tenant|merchant|out_trade_no}, as far as it goes. */
        public static About fromKey(String key, Long rawId) {
            String[] parts = key == null ? new String[0] : key.split("\\|", 3);
            return parts.length == 3 ? new About(parts[0], parts[1], parts[2], null, null, rawId)
                    : NOTHING.withRawId(rawId);
        }

    }

}
