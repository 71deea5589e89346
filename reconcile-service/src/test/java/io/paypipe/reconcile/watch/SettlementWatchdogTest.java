package io.paypipe.reconcile.watch;

import static io.paypipe.reconcile.watch.WatchDriver.SETTLE_WITHIN;
import static io.paypipe.reconcile.watch.WatchDriver.START;
import static io.paypipe.reconcile.watch.WatchDriver.notification;
import static io.paypipe.reconcile.watch.WatchDriver.order;
import static io.paypipe.reconcile.watch.WatchDriver.settlementOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.NotificationUnsettled;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.Channel;
import io.paypipe.core.raw.RawOutcome;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.streams.KeyValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettlementWatchdogTest {

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
    void notificationSettledInTimeRaisesNoAlert() {
        // Given a notification
        PaymentNotified n = notification(1, Channel.WECHATPAY, order("1900000100", "O-1"), START);
        watch.pipe(n);
        watch.advance(Duration.ofMinutes(5));

        // When it is settled before its deadline, and much time passes
        watch.pipe(settlementOf(n, RawOutcome.APPLIED, watch.now()));
        watch.advance(Duration.ofHours(3));

        // Then nothing is reported
        assertThat(watch.unsettled.isEmpty()).isTrue();
    }

    @Test
    void notificationNeverSettledIsReportedExactlyOnceAfterItsDeadline() {
        // Given a notification that is never settled
        PaymentNotified n = notification(2, Channel.ALIPAY, order("2088000000000001", "O-2"), START);
        watch.pipe(n);

        // When the clock stops short of the deadline, nothing is reported
        watch.advance(SETTLE_WITHIN.minusSeconds(20));
        assertThat(watch.unsettled.isEmpty()).isTrue();

        // Then past it, exactly one report about that notification, however long we wait
        watch.advance(Duration.ofSeconds(30));
        watch.advance(Duration.ofHours(3));
        var reports = watch.unsettled.readKeyValuesToList();
        assertThat(reports).hasSize(1);
        KeyValue<String, NotificationUnsettled> report = reports.getFirst();
        assertThat(report.key).isEqualTo(n.orderKey().kafkaKey());
        assertThat(report.value).isEqualTo(new NotificationUnsettled(NotificationUnsettled.idFor(n.eventId()),
                n.eventId(), 2, Channel.ALIPAY, n.orderKey(), n.receivedAt(), START.plus(SETTLE_WITHIN)));
    }

    @Test
    void settlementAfterTheReportRaisesNoSecondReport() {
        // Given a notification reported unsettled
        PaymentNotified n = notification(3, Channel.STRIPE, order("acct_1", "O-3"), START);
        watch.pipe(n);
        watch.advance(SETTLE_WITHIN.plusMinutes(1));
        assertThat(watch.unsettled.readValuesToList()).hasSize(1);

        // When its settlement arrives late, and the notification is redelivered
        watch.pipe(settlementOf(n, RawOutcome.APPLIED, watch.now()));
        watch.pipe(n);
        watch.advance(Duration.ofMinutes(30));

        // Then no second report
        assertThat(watch.unsettled.isEmpty()).isTrue();
    }

    @Test
    void duplicateNotificationNeitherResetsTheDeadlineNorReportsTwice() {
        // Given a notification, and the same notification again six minutes later
        PaymentNotified n = notification(4, Channel.WECHATPAY, order("1900000100", "O-4"), START);
        watch.pipe(n);
        watch.advance(Duration.ofMinutes(6));
        watch.pipe(n);

        // When the first record's deadline passes
        watch.advance(Duration.ofMinutes(5));

        // Then it is reported then, once, and never again
        assertThat(watch.unsettled.readValuesToList()).extracting(NotificationUnsettled::deadline)
            .containsExactly(START.plus(SETTLE_WITHIN));
        watch.advance(Duration.ofHours(3));
        assertThat(watch.unsettled.isEmpty()).isTrue();
    }

    @Test
    void settlementReadBeforeItsNotificationKeepsItFromBeingReported() {
        // Given the settlement is read first (the topics are read side by side)
        PaymentNotified n = notification(5, Channel.ALIPAY, order("2088000000000001", "O-5"), START);
        watch.pipe(settlementOf(n, RawOutcome.DUPLICATE, START));
        watch.advance(Duration.ofMinutes(1));

        // When its notification follows
        watch.pipe(n);
        watch.advance(Duration.ofMinutes(30));

        // Then nothing is reported
        assertThat(watch.unsettled.isEmpty()).isTrue();
    }

    @Test
    void onlyTheUnsettledOneOfTwoNotificationsIsReported() {
        // Given two notifications of one order, only the second settled
        PaymentNotified first = notification(6, Channel.WECHATPAY, order("1900000100", "O-6"), START);
        PaymentNotified second = notification(7, Channel.WECHATPAY, order("1900000100", "O-6"), START);
        watch.pipe(first);
        watch.pipe(second);
        watch.pipe(settlementOf(second, RawOutcome.APPLIED, START));

        // When their deadline passes
        watch.advance(SETTLE_WITHIN.plusMinutes(1));

        // Then the first one only is reported
        assertThat(watch.unsettled.readValuesToList()).extracting(NotificationUnsettled::rawId).containsExactly(6L);
    }

    @Test
    void dueKeysSortAsTextInTheOrderOfTheirDueTimes() {
        // Given due times of very different magnitudes
        Instant early = Instant.ofEpochMilli(5);
        Instant late = START;

        // When they are made keys
        String earlyKey = SettlementWatchdog.dueKey(early, "b");
        String lateKey = SettlementWatchdog.dueKey(late, "a");

        // Then each is the 19-digit zero-padded epoch millis, a bar and the id;
        // as text the earlier comes first
        assertThat(earlyKey).isEqualTo("0000000000000000005|b");
        assertThat(lateKey).isEqualTo(String.format("%019d|a", late.toEpochMilli())).hasSize(21);
        assertThat(earlyKey).isLessThan(lateKey);
    }

}
