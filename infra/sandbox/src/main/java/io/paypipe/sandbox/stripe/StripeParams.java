package io.paypipe.sandbox.stripe;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Stripe's form parameters: {@code metadata[key]}, positive integer amounts, list limits.
 */
final class StripeParams {

    private StripeParams() {
    }

    static Map<String, String> metadata(Map<String, String> params) {
        Map<String, String> metadata = new LinkedHashMap<>();
        params.forEach((key, value) -> {
            if (key.startsWith("metadata[") && key.endsWith("]")) {
                metadata.put(key.substring(9, key.length() - 1), value);
            }
        });
        return metadata;
    }

    static Optional<Long> amount(String text) {
        try {
            long amount = Long.parseLong(text);
            return amount > 0 ? Optional.of(amount) : Optional.empty();
        }
        catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    static Optional<Integer> limit(String text) {
        if (text == null) {
            return Optional.of(10);
        }
        try {
            int limit = Integer.parseInt(text);
            return limit >= 1 && limit <= 100 ? Optional.of(limit) : Optional.empty();
        }
        catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

}
