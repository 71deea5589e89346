package io.paypipe.ingress.stripe;

import com.stripe.exception.SignatureVerificationException;
import com.stripe.net.Webhook;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.InvalidField;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.config.IngressProperties;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks a Stripe delivery: the signed timestamp within the tolerance in both directions,
 * then the signature with the official stripe-java {@link Webhook} helper (HMAC-SHA256
 * over {@code t + "." + body}, constant-time comparison) and the merchant it belongs to.
 * <p>
 * Merchant selection: an event that names a known {@code account} (Connect) is checked
 * with that account's secret only. Otherwise every account's secret is tried, all of them
 * whatever the result (small N, so the time taken does not tell which one matched), and
 * the single one that verifies is the merchant; if the event names an {@code account}, it
 * must be that merchant's. Nothing in the body is trusted before the signature over its
 * exact bytes checked out; the {@code account} read before is only a hint which key to
 * try.
 */
@Component
class StripeEventVerifier {

    private static final JsonMapper JSON = JsonMapper.builder()
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .build();

    private final StripeMerchants merchants;

    private final Clock clock;

    private final Duration tolerance;

    @Autowired
    StripeEventVerifier(StripeMerchants merchants, Clock clock, IngressProperties properties) {
        this(merchants, clock, properties.stripeTolerance());
    }

    StripeEventVerifier(StripeMerchants merchants, Clock clock, Duration tolerance) {
        this.merchants = merchants;
        this.clock = clock;
        this.tolerance = tolerance;
    }

    /**
     * |now - t| must be within the tolerance. stripe-java refuses only
     * {@code t < now - tolerance}: a future {@code t} would pass it, and a captured
     * delivery signed "in the future" could be replayed for that long.
     */
    Check<StripeSignatureHeader> withinTolerance(StripeSignatureHeader header) {
        Duration skew = Duration.between(header.signedAt(), clock.instant()).abs();
        if (skew.compareTo(tolerance) > 0) {
            return Check.reject(Rejection.STALE_TIMESTAMP, "t=" + header.timestamp() + " is " + skew.toSeconds()
                    + "s away from now, tolerance " + tolerance.toSeconds() + "s");
        }
        return Check.ok(header);
    }

    Check<VerifiedEvent> verify(StripeSignatureHeader header, String body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        }
        catch (JacksonException e) {
            // the message quotes the body
            return Check.reject(Rejection.MALFORMED, "invalid JSON: " + e.getClass().getSimpleName());
        }
        if (root == null || !root.isObject()) {
            return Check.reject(Rejection.MALFORMED, "the body is not a JSON object");
        }
        JsonNode account = root.path("account");
        if (!account.isMissingNode() && !account.isNull() && !account.isString()) {
            return Check.reject(Rejection.MALFORMED, "account is not a string");
        }
        String named = account.isString() ? account.stringValue() : null;
        List<StripeMerchant> candidates = named == null ? merchants.all()
                : merchants.byAccount(named).map(List::of).orElse(merchants.all());
        List<StripeMerchant> verified = new ArrayList<>(1);
        for (StripeMerchant candidate : candidates) {
            if (signedBy(header, body, candidate)) {
                verified.add(candidate);
            }
        }
        if (verified.isEmpty()) {
            return Check.reject(Rejection.BAD_SIGNATURE, "no " + (named == null ? "" : "matching ")
                    + "endpoint secret verifies it (" + candidates.size() + " tried)");
        }
        if (verified.size() > 1) {
            return Check.reject(Rejection.MERCHANT_MISMATCH,
                    "the secrets of " + verified.size() + " accounts verify it and it names no account");
        }
        StripeMerchant merchant = verified.getFirst();
        if (named != null && !named.equals(merchant.account())) {
            return Check.reject(Rejection.MERCHANT_MISMATCH,
                    "it names another account than " + merchant.account() + " whose secret signed it");
        }
        return event(header, body, merchant, root);
    }

    private boolean signedBy(StripeSignatureHeader header, String body, StripeMerchant merchant) {
        try {
            return Webhook.Signature.verifyHeader(body, header.value(), merchant.endpointSecret(),
                    tolerance.toSeconds(), clock);
        }
        catch (SignatureVerificationException e) {
            return false;
        }
        catch (RuntimeException e) {
            // a header the SDK cannot split; parse() let it through, so treat it as not
            // signed
            return false;
        }
    }

    /**
     * The SDK's own event (it verifies once more, maps the envelope and refuses
     * {@code v2.core.event} notifications); the fields themselves are then read strictly
     * from the raw JSON (Gson would turn a number into a string id, or {@code 1e2} into a
     * whole number).
     */
    private Check<VerifiedEvent> event(StripeSignatureHeader header, String body, StripeMerchant merchant,
            JsonNode root) {
        try {
            Webhook.constructEvent(body, header.value(), merchant.endpointSecret(), tolerance.toSeconds(), clock);
        }
        catch (SignatureVerificationException e) {
            return Check.reject(Rejection.BAD_SIGNATURE, "signature verification failed for " + merchant.account());
        }
        catch (RuntimeException e) {
            // Gson could not map the envelope (a wrong-typed created, ...); its message
            // may quote the body
            return Check.reject(Rejection.MALFORMED, "unreadable event: " + e.getClass().getSimpleName());
        }
        try {
            if (!"event".equals(StripeFields.text(root, "object"))) {
                return Check.reject(Rejection.MALFORMED, "object is not \"event\"");
            }
            String id = StripeFields.text(root, "id");
            String type = StripeFields.eventType(root);
            long created = StripeFields.unixSeconds(root, "created");
            JsonNode object = root.path("data").path("object");
            if (!object.isObject()) {
                return Check.reject(Rejection.MALFORMED, "data.object missing or not an object");
            }
            return Check.ok(new VerifiedEvent(merchant, id, type, created, object, body));
        }
        catch (InvalidField e) {
            return Check.reject(Rejection.MALFORMED, e.getMessage());
        }
    }

}
