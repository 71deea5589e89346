package io.paypipe.sandbox.stripe;

import io.paypipe.sandbox.stripe.StripePaymentBook.Payment;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of Stripe's search query language the sandbox understands for PaymentIntents:
 * exact matches {@code metadata['key']:'value'} (or with double quotes),
 * {@code status:'…'} and {@code currency:'…'}, joined by {@code AND}.
 */
final class StripeSearchQuery {

    private static final Pattern CLAUSE = Pattern
        .compile("\\s*(metadata\\[(['\"])([^'\"]+)\\2]|status|currency)\\s*:\\s*(['\"])([^'\"]*)\\4\\s*");

    private final Map<String, String> clauses;

    private StripeSearchQuery(Map<String, String> clauses) {
        this.clauses = clauses;
    }

    /** The query, or empty when it is not one the sandbox understands. */
    static Optional<StripeSearchQuery> parse(String query) {
        if (query == null || query.isBlank()) {
            return Optional.empty();
        }
        Map<String, String> clauses = new LinkedHashMap<>();
        for (String part : query.split(" AND ")) {
            Matcher m = CLAUSE.matcher(part);
            if (!m.matches()) {
                return Optional.empty();
            }
            clauses.put(m.group(3) != null ? "metadata." + m.group(3) : m.group(1), m.group(5));
        }
        return Optional.of(new StripeSearchQuery(clauses));
    }

    /** The {@code metadata['out_trade_no']} the query asks for, if it does. */
    Optional<String> outTradeNo() {
        return Optional.ofNullable(clauses.get("metadata.out_trade_no"));
    }

    /** Whether {@code payment} answers the query. */
    Predicate<Payment> matches() {
        return payment -> clauses.entrySet().stream().allMatch(c -> c.getValue().equals(value(payment, c.getKey())));
    }

    private static String value(Payment payment, String field) {
        PaymentIntentSpec spec = payment.spec();
        return switch (field) {
            case "status" -> payment.status();
            case "currency" -> spec.currency();
            case "metadata.out_trade_no" -> spec.outTradeNo();
            default -> null;
        };
    }

}
