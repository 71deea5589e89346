package io.paypipe.support.alert;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.id.OrderKey;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Builds alerts. The key says what the alert is about, so raising it again (a redelivered
 * record) is harmless: {@code <kind>:dlt:<topic>:<partition>:<offset>} for one dead
 * letter that names nothing else ({@link #deadLetterKey}); each service keys its own
 * subjects (the processor {@code <kind>:payment:<raw id>} and
 * {@code <kind>:order:<order id>}, refund-service {@code <kind>:refund-notice:<raw id>},
 * {@code <kind>:refund:<refund id>}, {@code <kind>:refund-task:<task>}).
 */
public final class Alerts {

    private Alerts() {
    }

    /** About one record of a dead-letter topic. */
    public static OpsAlertRaised aboutDeadLetter(ConsumerRecord<?, ?> record, Kind kind, About about, String message,
            Instant now) {
        return of(deadLetterKey(kind, record), kind, Severity.ERROR, about, message, now);
    }

    /** {@code <kind>:dlt:<topic>:<partition>:<offset>}: the key of one dead letter. */
    public static String deadLetterKey(Kind kind, ConsumerRecord<?, ?> record) {
        return kind.name() + ":dlt:" + record.topic() + ":" + record.partition() + ":" + record.offset();
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

        /** An order's payment (or refund) by its trade. */
        public static About of(OrderKey key, String channel, String channelTradeNo, Long rawId) {
            return new About(key.tenantId().value(), key.merchantId().value(), key.outTradeNo().value(), channel,
                    channelTradeNo, rawId);
        }

        /**
         * What a record key {@code tenant|merchant|out_trade_no} says an alert is about,
         * as far as it says anything (an out_trade_no may itself hold a {@code |}: WeChat
         * allows it).
         */
        public static About fromKey(String key, Long rawId) {
            String[] parts = key == null ? new String[0] : key.split("\\|", 3);
            return parts.length == 3 ? new About(parts[0], parts[1], parts[2], null, null, rawId)
                    : NOTHING.withRawId(rawId);
        }

        public About withRawId(Long id) {
            return new About(tenantId, merchantId, outTradeNo, channel, channelTradeNo, id);
        }

        /** The same order, with the channel and trade of the payment or refund. */
        public About withTrade(String channel, String channelTradeNo) {
            return new About(tenantId, merchantId, outTradeNo, channel, channelTradeNo, rawId);
        }

    }

}
