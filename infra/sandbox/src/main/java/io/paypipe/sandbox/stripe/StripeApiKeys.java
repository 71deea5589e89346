package io.paypipe.sandbox.stripe;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * Who calls the sandbox's Stripe API: the account whose secret key the
 * {@code Authorization} header carries ({@code Bearer sk_...}, or HTTP Basic with the key
 * as user name, as Stripe accepts both). No key is a 401, an unknown key a 401 naming it
 * masked.
 */
final class StripeApiKeys {

    private final StripeMerchants merchants;

    StripeApiKeys(StripeMerchants merchants) {
        this.merchants = merchants;
    }

    Optional<StripeMerchant> authenticate(String authorization) {
        return secretKey(authorization).flatMap(key -> merchants.findBySecretKey(key));
    }

    static StripeApiResponse unauthenticated(String authorization) {
        return secretKey(authorization).map(StripeApiErrors::invalidKey).orElseGet(StripeApiErrors::missingKey);
    }

    /** {@code Bearer sk_...}, or HTTP Basic with the key as the user name. */
    private static Optional<String> secretKey(String authorization) {
        if (authorization == null) {
            return Optional.empty();
        }
        if (authorization.startsWith("Bearer ")) {
            return Optional.of(authorization.substring(7).trim()).filter(k -> !k.isEmpty());
        }
        if (authorization.startsWith("Basic ")) {
            try {
                String user = new String(Base64.getDecoder().decode(authorization.substring(6).trim()),
                        StandardCharsets.UTF_8);
                return Optional.of(user.split(":", 2)[0]).filter(k -> !k.isEmpty());
            }
            catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

}
