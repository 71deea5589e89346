package io.paypipe.processor.replay;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.Json;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What an operator may see of a dead letter's value: for a readable PaymentNotified the
 * identifiers and amounts only (never the raw body, payer ids or anything secret, which
 * the event does not carry either); for bytes that are not a PaymentNotified only their
 * length and a sha256 prefix.
 */
sealed interface PayloadSummary {

    record Notification(long rawId, String eventId, String channel, String orderKey, String spMerchantId,
            String channelTradeNo, String state, String channelState, long orderAmountMinor, long paidAmountMinor,
            String currency) implements PayloadSummary {
    }

    record Unreadable(int length, String sha256Prefix) implements PayloadSummary {
    }

    static PayloadSummary of(byte[] value) {
        PaymentNotified n = parse(value);
        if (n == null) {
            return new Unreadable(value == null ? 0 : value.length, sha256Prefix(value == null ? new byte[0] : value));
        }
        return new Notification(n.rawId(), n.eventId() == null ? null : n.eventId().value(), n.channel().code(),
                n.orderKey().kafkaKey(), n.spMerchantId() == null ? null : n.spMerchantId().value(),
                n.channelTradeNo() == null ? null : n.channelTradeNo().value(), String.valueOf(n.state()),
                n.channelState(), n.orderAmount().minor(), n.paidAmount() == null ? 0 : n.paidAmount().minor(),
                n.orderAmount().currency());
    }

    /**
     * The value as a PaymentNotified, or null when it is not one (poison bytes, missing
     * essentials).
     */
    static PaymentNotified parse(byte[] value) {
        if (value == null || value.length == 0) {
            return null;
        }
        try {
            PaymentNotified n = Json.MAPPER.readValue(value, PaymentNotified.class);
            return n != null && n.channel() != null && n.orderKey() != null && n.orderAmount() != null ? n : null;
        }
        catch (RuntimeException e) {
            return null;
        }
    }

    private static String sha256Prefix(byte[] value) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(value);
            return HexFormat.of().formatHex(digest, 0, 8);
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

}
