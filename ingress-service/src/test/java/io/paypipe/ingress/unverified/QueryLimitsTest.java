package io.paypipe.ingress.unverified;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.embedded.MutableClock;
import io.paypipe.ingress.config.IngressProperties.UnverifiedQuery;
import io.paypipe.ingress.unverified.QueryLimits.OrderRef;
import io.paypipe.ingress.unverified.QueryLimits.Verdict;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class QueryLimitsTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T08:00:00Z"));

    private final QueryLimits limits = new QueryLimits(limits(1, Duration.ofMinutes(5), 2, Duration.ofMinutes(1)),
            clock);

    @Test
    void oneOrderGetsOneQueryPerPeriodAndAnotherAfterIt() {
        OrderRef order = order("M1", "O1");

        assertThat(limits.take(order)).isEqualTo(Verdict.ALLOWED);
        assertThat(limits.exhausted(order)).isTrue();
        assertThat(limits.take(order)).isEqualTo(Verdict.ORDER_LIMITED);

        clock.advance(Duration.ofMinutes(4).plusSeconds(59));
        assertThat(limits.take(order)).isEqualTo(Verdict.ORDER_LIMITED);
        clock.advance(Duration.ofSeconds(1));
        assertThat(limits.exhausted(order)).isFalse();
        assertThat(limits.take(order)).isEqualTo(Verdict.ALLOWED);
    }

    @Test
    void aMerchantsOrdersShareTheMerchantsLimitAndARefusedOrderKeepsItsOwnToken() {
        OrderRef first = order("M2", "O1");
        OrderRef second = order("M2", "O2");
        OrderRef third = order("M2", "O3");

        assertThat(limits.take(first)).isEqualTo(Verdict.ALLOWED);
        assertThat(limits.take(second)).isEqualTo(Verdict.ALLOWED);
        assertThat(limits.take(third)).isEqualTo(Verdict.MERCHANT_LIMITED);
        assertThat(limits.exhausted(third)).isFalse();
        // another merchant is not touched
        assertThat(limits.take(order("M3", "O3"))).isEqualTo(Verdict.ALLOWED);

        // half a minute later the merchant has one query again (refilled gradually), and
        // the third order still has its own
        clock.advance(Duration.ofSeconds(30));
        assertThat(limits.take(third)).isEqualTo(Verdict.ALLOWED);
    }

    @Test
    void unknownNamesAreNotExhausted() {
        assertThat(limits.exhausted(order("M4", "never"))).isFalse();
    }

    private static OrderRef order(String merchant, String outTradeNo) {
        return new OrderRef(MerchantId.of(merchant), OutTradeNo.of(outTradeNo));
    }

    static UnverifiedQuery limits(int perOrder, Duration orderPeriod, int perMerchant, Duration merchantPeriod) {
        return new UnverifiedQuery(true, perOrder, orderPeriod, perMerchant, merchantPeriod, Duration.ofHours(2),
                Duration.ofSeconds(2), 64);
    }

}
