package io.paypipe.channel.stripe;

import com.stripe.StripeClient;
import com.stripe.exception.StripeException;
import com.stripe.model.PaymentIntent;
import com.stripe.param.PaymentIntentRetrieveParams;
import com.stripe.param.PaymentIntentSearchParams;
import io.paypipe.channel.Merchants;
import io.paypipe.channel.query.ChannelQueries;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueriedOrder;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.Channel;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stripe's PaymentIntent of an order, through the official stripe-java
 * {@link StripeClient} of the order's account ({@link StripeClients}): the order's
 * PaymentIntent is its channel trade number when known, else found by
 * {@code GET /v1/payment_intents/search?query=metadata['out_trade_no']:'…'} (eventually
 * consistent: a PaymentIntent a minute old may not be found yet, which is NotFound, never
 * unpaid); the query then retrieves it ({@code GET /v1/payment_intents/{id}}, its latest
 * charge expanded) and the close cancels it ({@code POST
 * /v1/payment_intents/{id}/cancel}). Of several PaymentIntents of one order the succeeded
 * one counts (two succeeded: Unknown, for a person), else the newest still open, else the
 * newest. What the answers mean: {@link StripeQueryAnswers}. Logs name the order and the
 * outcome only.
 */
public final class StripeOrderQueries implements ChannelQueries {

    private static final Logger log = LoggerFactory.getLogger(StripeOrderQueries.class);

    private static final long SEARCH_LIMIT = 100;

    private final Merchants merchants;

    private final StripeClients clients;

    private final Clock clock;

    public StripeOrderQueries(Merchants merchants, StripeEndpoint endpoint, Clock clock) {
        this.merchants = merchants;
        this.clients = new StripeClients(endpoint);
        this.clock = clock;
    }

    /** The order's PaymentIntent, as far as Stripe's answers tell. */
    sealed interface Lookup {

        record Found(String id) implements Lookup {
        }

        record Missing() implements Lookup {
        }

        record Ambiguous(String why) implements Lookup {
        }

        record Failed(StripeException error) implements Lookup {
        }

    }

    @Override
    public Channel channel() {
        return Channel.STRIPE;
    }

    @Override
    public QueryAnswer query(QueriedOrder order) {
        Optional<StripeClient> client = client(order);
        QueryAnswer answer = client.isEmpty() ? new QueryAnswer.Unknown(noCredentials(order))
                : switch (find(client.get(), order)) {
                    case Lookup.Found found -> retrieve(client.get(), found.id(), order);
                    case Lookup.Missing missing -> new QueryAnswer.NotFound("no PaymentIntent of this out_trade_no");
                    case Lookup.Ambiguous ambiguous -> new QueryAnswer.Unknown("stripe query: " + ambiguous.why());
                    case Lookup.Failed failed -> StripeQueryAnswers.ofQueryError(failed.error());
                };
        log.info("stripe query {}: {}", order.orderKey(), answer);
        return answer;
    }

    @Override
    public CloseAnswer close(QueriedOrder order) {
        Optional<StripeClient> client = client(order);
        CloseAnswer answer = client.isEmpty() ? new CloseAnswer.Unknown(noCredentials(order))
                : switch (find(client.get(), order)) {
                    case Lookup.Found found -> cancel(client.get(), found.id());
                    case Lookup.Missing missing -> new CloseAnswer.NotFound("no PaymentIntent of this out_trade_no");
                    case Lookup.Ambiguous ambiguous -> new CloseAnswer.Unknown("stripe cancel: " + ambiguous.why());
                    case Lookup.Failed failed -> StripeQueryAnswers.ofCancelError(failed.error(), Optional.empty());
                };
        log.info("stripe close {}: {}", order.orderKey(), answer);
        return answer;
    }

    private QueryAnswer retrieve(StripeClient client, String id, QueriedOrder order) {
        try {
            PaymentIntent pi = client.v1()
                .paymentIntents()
                .retrieve(id, PaymentIntentRetrieveParams.builder().addExpand("latest_charge").build());
            String body = pi.getLastResponse() == null ? null : pi.getLastResponse().body();
            return StripeQueryAnswers.ofIntent(pi, body, order.orderKey().outTradeNo().value(), clock.instant());
        }
        catch (StripeException e) {
            return StripeQueryAnswers.ofQueryError(e);
        }
    }

    private static CloseAnswer cancel(StripeClient client, String id) {
        try {
            return StripeQueryAnswers.ofCanceled(client.v1().paymentIntents().cancel(id));
        }
        catch (StripeException e) {
            return StripeQueryAnswers.ofCancelError(e,
                    StripeQueryAnswers.unexpectedState(e) ? status(client, id, e) : Optional.empty());
        }
    }

    /**
     * The PaymentIntent's status after a refused cancel: Stripe's error names it, or ask.
     */
    private static Optional<String> status(StripeClient client, String id, StripeException refused) {
        if (refused.getStripeError() != null && refused.getStripeError().getPaymentIntent() != null) {
            return Optional.ofNullable(refused.getStripeError().getPaymentIntent().getStatus());
        }
        try {
            return Optional.ofNullable(client.v1().paymentIntents().retrieve(id).getStatus());
        }
        catch (StripeException e) {
            return Optional.empty();
        }
    }

    private static Lookup find(StripeClient client, QueriedOrder order) {
        if (order.channelTradeNo().isPresent()) {
            return new Lookup.Found(order.channelTradeNo().get().value());
        }
        String query = "metadata['out_trade_no']:'" + quoted(order.orderKey().outTradeNo().value()) + "'";
        try {
            return pick(client.v1()
                .paymentIntents()
                .search(PaymentIntentSearchParams.builder().setQuery(query).setLimit(SEARCH_LIMIT).build())
                .getData());
        }
        catch (StripeException e) {
            return new Lookup.Failed(e);
        }
    }

    /** The succeeded PaymentIntent, else the newest open one, else the newest. */
    static Lookup pick(List<PaymentIntent> found) {
        List<PaymentIntent> succeeded = found.stream().filter(pi -> "succeeded".equals(pi.getStatus())).toList();
        if (succeeded.size() > 1) {
            return new Lookup.Ambiguous(succeeded.size() + " succeeded PaymentIntents of one out_trade_no");
        }
        Comparator<PaymentIntent> newest = Comparator
            .comparing((PaymentIntent pi) -> pi.getCreated() == null ? 0L : pi.getCreated())
            .reversed();
        return succeeded.stream()
            .findFirst()
            .or(() -> found.stream().filter(pi -> !"canceled".equals(pi.getStatus())).min(newest))
            .or(() -> found.stream().min(newest))
            .<Lookup>map(pi -> new Lookup.Found(pi.getId()))
            .orElseGet(Lookup.Missing::new);
    }

    /** A value inside a search query's single quotes: {@code \} and {@code '} escaped. */
    static String quoted(String value) {
        return value.replace("\\", "\\\\").replace("'", "\\'");
    }

    private Optional<StripeClient> client(QueriedOrder order) {
        return merchants.of(Channel.STRIPE, order.orderKey().merchantId(), order.spMerchantId()).flatMap(clients::of);
    }

    private static String noCredentials(QueriedOrder order) {
        return "no credentials: the merchants file gives stripe account " + order.orderKey().merchantId()
                + order.spMerchantId().map(sp -> " under " + sp).orElse("") + " no secret key";
    }

}
