package io.paypipe.processor.transition;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.event.PaymentNotified;
import org.springframework.stereotype.Component;

/**
 * The counter {@value #METER}{@code {channel,merchant,outcome}}: what the processor
 * decided for each payment notification, once per decision committed ({@code applied},
 * {@code duplicate}, {@code closed}, {@code already_closed}, {@code attempt_ended},
 * {@code close_overruled}, {@code illegal}, {@code mismatch}, {@code unknown_state}: the
 * {@link PaymentOutcome} cases). A notification whose publish failed after its decision
 * comes again and is counted again (usually as {@code duplicate}).
 */
@Component
class OutcomeMeters {

    static final String METER = "paypipe.processor.outcomes";

    private final MeterRegistry registry;

    OutcomeMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    void decided(PaymentNotified n, PaymentOutcome outcome) {
        Counter.builder(METER)
            .description("payment notifications decided, by channel, merchant and outcome")
            .tag("channel", n.channel().code())
            .tag("merchant", n.orderKey().merchantId().value())
            .tag("outcome", name(outcome))
            .register(registry)
            .increment();
    }

    static String name(PaymentOutcome outcome) {
        return switch (outcome) {
            case PaymentOutcome.Applied a -> "applied";
            case PaymentOutcome.Duplicate d -> "duplicate";
            case PaymentOutcome.Closed c -> "closed";
            case PaymentOutcome.AlreadyClosed c -> "already_closed";
            case PaymentOutcome.AttemptEnded e -> "attempt_ended";
            case PaymentOutcome.CloseOverruled o -> "close_overruled";
            case PaymentOutcome.Illegal i -> "illegal";
            case PaymentOutcome.Mismatch m -> "mismatch";
            case PaymentOutcome.UnknownState u -> "unknown_state";
        };
    }

}
