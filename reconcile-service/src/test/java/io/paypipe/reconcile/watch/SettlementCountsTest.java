package io.paypipe.reconcile.watch;

import static io.paypipe.reconcile.watch.WatchDriver.START;
import static io.paypipe.reconcile.watch.WatchDriver.order;
import static io.paypipe.reconcile.watch.WatchDriver.settlement;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.raw.RawOutcome;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettlementCountsTest {

    private static final Instant MINUTE_1 = START;

    private static final Instant MINUTE_2 = START.plusSeconds(60);

    @TempDir
    Path stateDir;

    WatchDriver watch;

    @BeforeEach
    void start() {
        watch = new WatchDriver(stateDir);
    }

    @AfterEach
    void stop() {
        watch.close();
    }

    @Test
    void countsSettlementsPerMinuteChannelMerchantAndOutcome() {
        // Given settlements over two minutes: two merchants, two channels, two outcomes
        settle(1, Channel.ALIPAY, "M1", RawOutcome.APPLIED, MINUTE_1.plusSeconds(5));
        settle(2, Channel.ALIPAY, "M1", RawOutcome.APPLIED, MINUTE_1.plusSeconds(40));
        settle(2, Channel.ALIPAY, "M1", RawOutcome.DUPLICATE, MINUTE_1.plusSeconds(50));
        settle(3, Channel.WECHATPAY, "M1", RawOutcome.APPLIED, MINUTE_1.plusSeconds(30));
        settle(4, Channel.ALIPAY, "M2", RawOutcome.APPLIED, MINUTE_2.plusSeconds(10));
        settle(5, Channel.ALIPAY, "M1", RawOutcome.APPLIED, MINUTE_2.plusSeconds(20));

        // When both minutes are read
        var rows = CountsQuery.lastMinutes(Optional.empty(), Optional.empty(), 2, MINUTE_2.plusSeconds(30))
            .run(watch.counts());

        // Then one row per minute, channel, merchant and outcome
        assertThat(rows).containsExactly(new CountRow(MINUTE_1, "alipay", "M1", RawOutcome.APPLIED, 2),
                new CountRow(MINUTE_1, "alipay", "M1", RawOutcome.DUPLICATE, 1),
                new CountRow(MINUTE_1, "wechatpay", "M1", RawOutcome.APPLIED, 1),
                new CountRow(MINUTE_2, "alipay", "M1", RawOutcome.APPLIED, 1),
                new CountRow(MINUTE_2, "alipay", "M2", RawOutcome.APPLIED, 1));
    }

    @Test
    void readsOneChannelAndMerchantOfTheLastMinutesOnly() {
        // Given settlements in two minutes
        settle(1, Channel.ALIPAY, "M1", RawOutcome.APPLIED, MINUTE_1.plusSeconds(5));
        settle(2, Channel.WECHATPAY, "M1", RawOutcome.APPLIED, MINUTE_2.plusSeconds(5));
        settle(3, Channel.ALIPAY, "M2", RawOutcome.APPLIED, MINUTE_2.plusSeconds(6));
        settle(4, Channel.ALIPAY, "M1", RawOutcome.CLOSED, MINUTE_2.plusSeconds(7));

        // When only the current minute of alipay M1 is read
        var rows = CountsQuery.lastMinutes(Optional.of(Channel.ALIPAY), Optional.of("M1"), 1, MINUTE_2.plusSeconds(30))
            .run(watch.counts());

        // Then only that row
        assertThat(rows).containsExactly(new CountRow(MINUTE_2, "alipay", "M1", RawOutcome.CLOSED, 1));
    }

    @Test
    void settlementLaterThanItsWindowsGraceIsNotCounted() {
        // Given a settlement in the first minute, then one three minutes later
        // (the grace is one minute, so the first two minutes' windows are closed)
        settle(1, Channel.ALIPAY, "M1", RawOutcome.APPLIED, MINUTE_1.plusSeconds(5));
        settle(2, Channel.ALIPAY, "M1", RawOutcome.APPLIED, MINUTE_1.plusSeconds(180));

        // When late settlements arrive: of the first minute, of the second (its
        // window closes exactly now) and of the third (still open)
        settle(3, Channel.ALIPAY, "M1", RawOutcome.APPLIED, MINUTE_1.plusSeconds(10));
        settle(4, Channel.ALIPAY, "M1", RawOutcome.APPLIED, MINUTE_2.plusSeconds(10));
        settle(5, Channel.ALIPAY, "M1", RawOutcome.APPLIED, MINUTE_2.plusSeconds(90));

        // Then of the late ones only the third minute's is counted
        var rows = CountsQuery.lastMinutes(Optional.empty(), Optional.empty(), 4, MINUTE_1.plusSeconds(200))
            .run(watch.counts());
        assertThat(rows).containsExactly(new CountRow(MINUTE_1, "alipay", "M1", RawOutcome.APPLIED, 1),
                new CountRow(MINUTE_2.plusSeconds(60), "alipay", "M1", RawOutcome.APPLIED, 1),
                new CountRow(MINUTE_2.plusSeconds(120), "alipay", "M1", RawOutcome.APPLIED, 1));
    }

    private void settle(long rawId, Channel channel, String merchant, RawOutcome outcome, Instant at) {
        watch.pipe(settlement(rawId, channel, order(merchant, "O-" + rawId), outcome, at));
    }

}
