package io.paypipe.processor.replay;

import java.time.Instant;

/**
 * Which dead letters an operator means; null fields match everything. {@code channel} is
 * the channel code (wechatpay, alipay, stripe); {@code merchant} matches the order's
 * merchant or the service provider; {@code errorClass} the simple or fully qualified name
 * of the exception or its cause; {@code from} (inclusive) and {@code to} (exclusive) the
 * time the record reached the dead-letter topic.
 */
record DeadLetterFilter(String channel, String merchant, String errorClass, Instant from, Instant to) {

    static final DeadLetterFilter ALL = new DeadLetterFilter(null, null, null, null, null);

    boolean isEmpty() {
        return blank(channel) && blank(merchant) && blank(errorClass) && from == null && to == null;
    }

    boolean matches(DeadLetter d) {
        return (blank(errorClass) || d.hasErrorClass(errorClass.strip()))
                && (from == null || !d.deadLetteredAt().isBefore(from))
                && (to == null || d.deadLetteredAt().isBefore(to)) && matchesPayload(d.payload());
    }

    private boolean matchesPayload(PayloadSummary payload) {
        if (blank(channel) && blank(merchant)) {
            return true;
        }
        return switch (payload) {
            case PayloadSummary.Unreadable u -> false;
            case PayloadSummary.Notification n -> (blank(channel) || n.channel().equalsIgnoreCase(channel.strip()))
                    && (blank(merchant) || merchantOf(n.orderKey()).equals(merchant.strip())
                            || merchant.strip().equals(n.spMerchantId()));
        };
    }

    private static String merchantOf(String orderKey) {
        String[] parts = orderKey.split("\\|", 3);
        return parts.length == 3 ? parts[1] : "";
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
