package io.paypipe.sandbox.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class QueryFaultsTest {

    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2025-06-08T02:34:56Z"));

    private final QueryFaults faults = new QueryFaults(new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    });

    @Test
    void aCountedFaultFailsExactlyTheNextCallsOfItsChannelAndOperation() {
        // Given two rate-limited WeChat queries
        faults.failNext(Channel.WECHATPAY, QueryFault.RATE_LIMITED, 2);

        // When calls come: a close, an Alipay query, then three WeChat queries
        // Then only the first two WeChat queries fail
        assertThat(faults.take(Channel.WECHATPAY, Operation.CLOSE, "m", "m")).isEmpty();
        assertThat(faults.take(Channel.ALIPAY, Operation.QUERY, "m", "m")).isEmpty();
        assertThat(faults.take(Channel.WECHATPAY, Operation.QUERY, "m", "m")).contains(QueryFault.RATE_LIMITED);
        assertThat(faults.take(Channel.WECHATPAY, Operation.QUERY, "m", "m")).contains(QueryFault.RATE_LIMITED);
        assertThat(faults.take(Channel.WECHATPAY, Operation.QUERY, "m", "m")).isEmpty();
        assertThat(faults.armed(Channel.WECHATPAY)).isEmpty();
    }

    @Test
    void aTimedFaultFailsEveryMatchingCallUntilItEnds() {
        // Given a 5xx outage of 30 s for one merchant's queries and closes
        faults.failFor(Channel.STRIPE, QueryFault.SERVER_ERROR, Duration.ofSeconds(30),
                Set.of(Operation.QUERY, Operation.CLOSE), "acct_1");

        // Then its calls fail, another merchant's do not, and after 30 s none does
        assertThat(faults.take(Channel.STRIPE, Operation.QUERY, "acct_1", "acct_1")).contains(QueryFault.SERVER_ERROR);
        assertThat(faults.take(Channel.STRIPE, Operation.CLOSE, "acct_1", "acct_1")).contains(QueryFault.SERVER_ERROR);
        assertThat(faults.take(Channel.STRIPE, Operation.QUERY, "acct_2", "acct_2")).isEmpty();
        now.set(now.get().plusSeconds(30));
        assertThat(faults.take(Channel.STRIPE, Operation.QUERY, "acct_1", "acct_1")).isEmpty();
    }

    @Test
    void aFaultNamingAMerchantMatchesItAsCallerOrAsTheOrdersMerchant() {
        faults.failNext(Channel.WECHATPAY, QueryFault.TIMEOUT, 2, Set.of(Operation.QUERY), "1900009100");

        assertThat(faults.take(Channel.WECHATPAY, Operation.QUERY, "1230000109", "1900009101")).isEmpty();
        assertThat(faults.take(Channel.WECHATPAY, Operation.QUERY, "1230000109", "1900009100"))
            .contains(QueryFault.TIMEOUT);
        assertThat(faults.take(Channel.WECHATPAY, Operation.QUERY, "1900009100", "x")).contains(QueryFault.TIMEOUT);
    }

    @Test
    void clearingDisarmsTheChannelsFaults() {
        faults.failFor(Channel.ALIPAY, QueryFault.RATE_LIMITED, Duration.ofMinutes(1));

        faults.clear(Channel.ALIPAY);

        assertThat(faults.take(Channel.ALIPAY, Operation.QUERY, "a", "a")).isEmpty();
    }

}
