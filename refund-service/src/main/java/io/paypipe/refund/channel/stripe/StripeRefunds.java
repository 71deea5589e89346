package io.paypipe.refund.channel.stripe;

import com.stripe.StripeClient;
import com.stripe.exception.StripeException;
import com.stripe.model.Refund;
import com.stripe.model.StripeCollection;
import com.stripe.net.RequestOptions;
import com.stripe.param.RefundCreateParams;
import com.stripe.param.RefundListParams;
import io.paypipe.channel.stripe.StripeClients;
import io.paypipe.channel.stripe.StripeEndpoint;
import io.paypipe.core.id.Channel;
import io.paypipe.refund.channel.ChannelRefunds;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import io.paypipe.refund.config.RefundProperties;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Stripe's Refunds API through the official stripe-java {@link StripeClient}, with the
 * account's secret key ({@code stripe.secretKey} in the merchants file), built by
 * channel-clients' {@link StripeClients}. A refund is {@code POST /v1/refunds} of the
 * PaymentIntent (our channel trade number) for our amount, with
 * {@code metadata[refund_no]} and {@code metadata[out_trade_no]} and our refund number as
 * the {@code Idempotency-Key}. Stripe may prune a key once it is a day old, after which
 * the same key creates a second refund; so before every create the PaymentIntent's
 * refunds are listed and one carrying our {@code metadata.refund_no} is answered instead
 * (a lost answer re-sent days later stays one refund). A query retrieves the refund by
 * its id when known, else finds it the same way; none is NotFound. What the answers mean:
 * {@link StripeAnswers}.
 */
@Component
public class StripeRefunds implements ChannelRefunds {

    private static final Logger log = LoggerFactory.getLogger(StripeRefunds.class);

    private static final long PAGE = 100;

    private final StripeClients clients;

    private final StripeAnswers answers;

    @Autowired
    public StripeRefunds(StripeRefundsProperties properties, RefundProperties refund) {
        this(properties.apiBase(), properties.connectTimeout(), refund.channelCallTimeout(),
                properties.maxNetworkRetries(), Clock.systemUTC());
    }

    public StripeRefunds(String apiBase, Duration connectTimeout, Duration readTimeout, int maxNetworkRetries,
            Clock clock) {
        this.clients = new StripeClients(new StripeEndpoint(apiBase, connectTimeout, readTimeout, maxNetworkRetries));
        this.answers = new StripeAnswers(clock);
    }

    /** Our refund as Stripe's list finds it, or why the list gave no answer. */
    private sealed interface Lookup {

        record Found(Refund refund) implements Lookup {
        }

        record Missing() implements Lookup {
        }

        record Failed(RefundCall call) implements Lookup {
        }

    }

    @Override
    public Channel channel() {
        return Channel.STRIPE;
    }

    @Override
    public RefundCall refund(RefundOrder order) {
        Optional<StripeClient> client = client(order);
        if (client.isEmpty()) {
            return noKey(order);
        }
        RefundCall call = switch (find(client.get(), order)) {
            case Lookup.Found found -> answers.of(found.refund(), order);
            case Lookup.Failed failed -> failed.call();
            case Lookup.Missing missing -> create(client.get(), order);
        };
        log.info("stripe refund {} of {}: {}", order.refundNo(), order.orderKey(), outcome(call));
        return call;
    }

    @Override
    public RefundCall query(RefundOrder order) {
        Optional<StripeClient> client = client(order);
        if (client.isEmpty()) {
            return noKey(order);
        }
        RefundCall call;
        if (order.channelRefundId() != null) {
            try {
                call = answers.of(client.get().v1().refunds().retrieve(order.channelRefundId()), order);
            }
            catch (StripeException e) {
                call = StripeAnswers.noSuchRefund(e) ? new RefundCall.NotFound()
                        : StripeAnswers.error("stripe refund query", e);
            }
        }
        else {
            call = switch (find(client.get(), order)) {
                case Lookup.Found found -> answers.of(found.refund(), order);
                case Lookup.Failed failed -> failed.call();
                case Lookup.Missing missing -> new RefundCall.NotFound();
            };
        }
        log.info("stripe refund query {} of {}: {}", order.refundNo(), order.orderKey(), outcome(call));
        return call;
    }

    private RefundCall create(StripeClient client, RefundOrder order) {
        RefundCreateParams params = RefundCreateParams.builder()
            .setPaymentIntent(order.channelTradeNo().value())
            .setAmount(order.amount().minor())
            .putMetadata("refund_no", order.refundNo())
            .putMetadata("out_trade_no", order.orderKey().outTradeNo().value())
            .build();
        try {
            Refund refund = client.v1()
                .refunds()
                .create(params, RequestOptions.builder().setIdempotencyKey(order.refundNo()).build());
            return answers.of(refund, order);
        }
        catch (StripeException e) {
            return StripeAnswers.error("stripe refund", e);
        }
    }

    /** The PaymentIntent's refund whose {@code metadata.refund_no} is ours, all pages. */
    private Lookup find(StripeClient client, RefundOrder order) {
        String startingAfter = null;
        try {
            while (true) {
                RefundListParams.Builder params = RefundListParams.builder()
                    .setPaymentIntent(order.channelTradeNo().value())
                    .setLimit(PAGE);
                if (startingAfter != null) {
                    params.setStartingAfter(startingAfter);
                }
                StripeCollection<Refund> page = client.v1().refunds().list(params.build());
                for (Refund refund : page.getData()) {
                    if (refund.getMetadata() != null
                            && order.refundNo().equals(refund.getMetadata().get("refund_no"))) {
                        return new Lookup.Found(refund);
                    }
                }
                if (!Boolean.TRUE.equals(page.getHasMore()) || page.getData().isEmpty()) {
                    return new Lookup.Missing();
                }
                startingAfter = page.getData().getLast().getId();
            }
        }
        catch (StripeException e) {
            return new Lookup.Failed(StripeAnswers.error("stripe refund list", e));
        }
    }

    private Optional<StripeClient> client(RefundOrder order) {
        return clients.of(order.merchant());
    }

    private static RefundCall noKey(RefundOrder order) {
        return new RefundCall.Unknown(
                "stripe: the merchants file has no secret key for " + order.merchant().merchantId());
    }

    private static String outcome(RefundCall call) {
        return switch (call) {
            case RefundCall.Accepted a -> "accepted " + a.channelRefundId();
            case RefundCall.Succeeded s -> "succeeded " + s.channelRefundId();
            case RefundCall.Refused r -> "refused " + r.code();
            case RefundCall.NotFound n -> "not found";
            case RefundCall.Unknown u -> "unknown: " + u.why();
        };
    }

}
