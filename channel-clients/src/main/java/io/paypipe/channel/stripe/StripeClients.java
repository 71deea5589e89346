package io.paypipe.channel.stripe;

import com.stripe.StripeClient;
import io.paypipe.core.merchant.Merchant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The official stripe-java {@link StripeClient} of each account, authenticated with its
 * secret key ({@code stripe.secretKey} in the merchants file), at the
 * {@link StripeEndpoint}. One client per key, kept.
 */
public final class StripeClients {

    private final StripeEndpoint endpoint;

    private final Map<String, StripeClient> clients = new ConcurrentHashMap<>();

    public StripeClients(StripeEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    /**
     * The client that calls out for {@code merchant}; empty when the merchants file gives
     * it no secret key.
     */
    public Optional<StripeClient> of(Merchant merchant) {
        if (!canCallOut(merchant)) {
            return Optional.empty();
        }
        return Optional.of(clients.computeIfAbsent(merchant.stripe().secretKey(),
                key -> StripeClient.builder()
                    .setApiKey(key)
                    .setApiBase(endpoint.apiBase())
                    .setConnectTimeout((int) endpoint.connectTimeout().toMillis())
                    .setReadTimeout((int) endpoint.readTimeout().toMillis())
                    .setMaxNetworkRetries(endpoint.maxNetworkRetries())
                    .build()));
    }

    /** Whether the merchants file gives {@code merchant} a secret key. */
    public static boolean canCallOut(Merchant merchant) {
        Merchant.StripeCredentials c = merchant.stripe();
        return c != null && c.secretKey() != null && !c.secretKey().isBlank();
    }

    public StripeEndpoint endpoint() {
        return endpoint;
    }

}
