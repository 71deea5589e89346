package io.paypipe.ingress.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.paypipe.ingress.MigratedDatabase;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.embedded.TestInfra;
import io.paypipe.ingress.config.IngressProperties.RawInserts;
import io.paypipe.ingress.intake.PaymentRawRepository.TradeKey;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Payments that arrive together share one INSERT of their raw rows, on the real database:
 * each still gets its own row (its id, its body), a key stored earlier is found instead
 * of inserted, and whatever the group cannot decide (a second delivery of the same key, a
 * row the table refuses, a key inserted meanwhile) is reserved alone, as the single-row
 * path would. Its ids are the INSERT's generated keys on this MariaDB, or read back where
 * a server's ids may interleave; both are tried. A group is formed for certain by holding
 * the writer on a row lock: another transaction's uncommitted row of the first payment's
 * key.
 */
class PaymentRawBatcherIntegrationTest {

    private static DataSource dataSource;

    private static JdbcClient jdbc;

    private final String merchant = "18" + ThreadLocalRandom.current().nextLong(10_000_000L, 99_999_999L);

    private final Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    private final MeterRegistry registry = new SimpleMeterRegistry();

    private final CountingRows rows = new CountingRows(jdbc);

    private final ExecutorService callbacks = Executors.newVirtualThreadPerTaskExecutor();

    private final List<Connection> holders = new ArrayList<>();

    private PaymentRawBatcher batcher;

    @BeforeAll
    static void schema() {
        dataSource = MigratedDatabase.dataSource();
        jdbc = JdbcClient.create(dataSource);
    }

    @AfterEach
    void stop() throws SQLException {
        for (Connection holder : holders) {
            holder.rollback();
            holder.close();
        }
        if (batcher != null) {
            batcher.stop();
        }
        callbacks.shutdownNow();
    }

    @ParameterizedTest
    @EnumSource(RowIds.class)
    void givenPaymentsArrivingTogether_whenReserved_thenOneInsertStoresThemAndEachGetsItsOwnRow(RowIds ids)
            throws Exception {
        // Given one writer held on the first payment's row lock, and eight more payments
        // waiting meanwhile
        writers(1, ids);
        Future<Reservation> first = holdTheWriter("T-0");
        List<VerifiedPayment> payments = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            payments.add(payment("T-" + i, "SUCCESS"));
        }
        List<Future<Reservation>> reservations = reserveWhileHeld(payments);

        // When the lock is let go
        releaseHolders();

        // Then every payment has a row of its own, made by one INSERT of the eight, its
        // id from the INSERT's generated keys or from a SELECT after it
        assertThat(first.get()).isInstanceOf(Reservation.Created.class);
        for (int i = 0; i < payments.size(); i++) {
            long id = ((Reservation.Created) reservations.get(i).get()).rawId();
            assertThat(stored(id)).isEqualTo("T-" + (i + 1) + "|body of T-" + (i + 1) + "|" + at);
        }
        assertThat(registry.get("paypipe.ingress.raw.insert.rows").summary().count()).isEqualTo(2);
        assertThat(registry.get("paypipe.ingress.raw.insert.rows").summary().max()).isEqualTo(8);
        assertThat(rows.groupSelects).hasValue(ids == RowIds.GENERATED ? 1 : 2);
    }

    @Test
    void givenThisMariaDb_whenAskedHowAGroupLearnsItsIds_thenItsConsecutiveAutoIncrementsAreTheGeneratedKeys() {
        // Given the test database, MariaDB with its default innodb_autoinc_lock_mode 1
        // When asked
        // Then one INSERT's ids are consecutive there: the generated keys serve
        assertThat(rows.rowIds()).isEqualTo(RowIds.GENERATED);
    }

    @Test
    void givenManyPaymentsAtOnceOnFourWriters_whenReservedWithGeneratedKeys_thenEachIdIsItsOwnRow() throws Exception {
        // Given 400 payments reserved by 64 callbacks at once, four writers inserting
        // groups side by side
        writers(4, RowIds.GENERATED);
        List<VerifiedPayment> payments = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            payments.add(payment("M-" + i, "SUCCESS"));
        }

        // When reserved
        List<Future<Reservation>> reservations = new ArrayList<>();
        try (ExecutorService sixtyFour = Executors.newFixedThreadPool(64, Thread.ofVirtual().factory())) {
            for (VerifiedPayment p : payments) {
                reservations.add(sixtyFour.submit(() -> batcher.reserve(p, at)));
            }
        }

        // Then groups were formed, and every reservation names its own payment's row
        assertThat(registry.get("paypipe.ingress.raw.insert.rows").summary().max()).isGreaterThan(1);
        for (int i = 0; i < payments.size(); i++) {
            long id = ((Reservation.Created) reservations.get(i).get()).rawId();
            assertThat(stored(id)).isEqualTo("M-" + i + "|body of M-" + i + "|" + at);
        }
    }

    @Test
    void givenADriverReportingFewerIdsThanRows_whenAGroupIsInserted_thenItsIdsAreReadBack() throws Exception {
        // Given a driver that reports one id for a group of three
        rows.reportedIds = ids -> ids.subList(0, 1);
        writers(1, RowIds.GENERATED);
        Future<Reservation> first = holdTheWriter("T-0");
        List<Future<Reservation>> reservations = reserveWhileHeld(
                List.of(payment("T-1", "SUCCESS"), payment("T-2", "SUCCESS"), payment("T-3", "SUCCESS")));

        // When the lock is let go
        releaseHolders();

        // Then the group's rows are read back for their ids, none reserving alone
        assertThat(first.get()).isInstanceOf(Reservation.Created.class);
        for (int i = 0; i < 3; i++) {
            long id = ((Reservation.Created) reservations.get(i).get()).rawId();
            assertThat(stored(id)).startsWith("T-" + (i + 1) + "|");
        }
        assertThat(rows.groupSelects).hasValue(2);
        assertThat(registry.find("paypipe.ingress.raw.insert.alone").counters()).isEmpty();
    }

    @Test
    void givenAGroupWithAStoredKeyAndASecondDeliveryOfANewKey_whenReserved_thenTheStoredRowIsFoundAndTheSecondFindsTheFirst()
            throws Exception {
        // Given T-1 stored and applied by an earlier delivery, and a group of T-1, T-2
        // twice (another state the second time) and T-3
        writers(1);
        long applied = ((Reservation.Created) rows.reserve(payment("T-1", "SUCCESS"), at)).rawId();
        jdbc.sql("UPDATE pay_notify_raw SET handled = 1 WHERE id = :id").param("id", applied).update();
        Future<Reservation> first = holdTheWriter("T-0");
        List<Future<Reservation>> reservations = reserveWhileHeld(List.of(payment("T-1", "SUCCESS"),
                payment("T-2", "NOTPAY"), payment("T-2", "SUCCESS"), payment("T-3", "SUCCESS")));

        // When the lock is let go
        releaseHolders();

        // Then T-1 is the stored row, T-2 and T-3 are inserted, and T-2's second delivery
        // finds the first's row, reserving alone
        assertThat(first.get()).isInstanceOf(Reservation.Created.class);
        assertThat(reservations.get(0).get()).isEqualTo(new Reservation.Existing(new RawRow(applied, "SUCCESS", 1)));
        long t2 = ((Reservation.Created) reservations.get(1).get()).rawId();
        assertThat(reservations.get(2).get()).isEqualTo(new Reservation.Existing(new RawRow(t2, "NOTPAY", 0)));
        assertThat(reservations.get(3).get()).isInstanceOf(Reservation.Created.class);
        assertThat(alone("same-key")).isEqualTo(1);
        assertThat(registry.get("paypipe.ingress.raw.insert.rows").summary().max()).isEqualTo(2);
    }

    @Test
    void givenAGroupWithARowTheTableRefuses_whenReserved_thenOnlyThatOneFailsAndTheOthersAreStored() throws Exception {
        // Given a group whose second payment has a notify id longer than its column
        writers(1);
        Future<Reservation> first = holdTheWriter("T-0");
        VerifiedPayment tooLong = withNotifyId(payment("T-2", "SUCCESS"), "n".repeat(65));
        List<Future<Reservation>> reservations = reserveWhileHeld(
                List.of(payment("T-1", "SUCCESS"), tooLong, payment("T-3", "SUCCESS")));

        // When the lock is let go
        releaseHolders();

        // Then the group is refused, each reserves alone: T-1 and T-3 are stored, T-2's
        // reservation fails with the database's refusal
        assertThat(first.get()).isInstanceOf(Reservation.Created.class);
        assertThat(reservations.get(0).get()).isInstanceOf(Reservation.Created.class);
        assertThatThrownBy(() -> reservations.get(1).get()).isInstanceOf(ExecutionException.class)
            .hasCauseInstanceOf(DataAccessException.class);
        assertThat(reservations.get(2).get()).isInstanceOf(Reservation.Created.class);
        assertThat(alone("refused")).isEqualTo(3);
        assertThat(count("T-2")).isZero();
        assertThat(rows.modeAsked).hasValue(1);
    }

    @Test
    void givenAGroupTheDatabaseRefused_whenTheNextGroupIsInserted_thenItAsksTheServerHowToLearnItsIdsAgain()
            throws Exception {
        // Given a refused group (a notify id longer than its column), after which each
        // reserved alone
        writers(1);
        groupBehind("T-0", List.of(payment("T-1", "SUCCESS"), withNotifyId(payment("T-2", "SUCCESS"), "n".repeat(65))))
            .getFirst()
            .get();

        // When another group is inserted
        List<Future<Reservation>> reservations = groupBehind("T-3",
                List.of(payment("T-4", "SUCCESS"), payment("T-5", "SUCCESS")));

        // Then the server was asked for its innodb_autoinc_lock_mode once per group, and
        // the group's rows are their own
        for (int i = 0; i < 2; i++) {
            long id = ((Reservation.Created) reservations.get(i).get()).rawId();
            assertThat(stored(id)).startsWith("T-" + (i + 4) + "|");
        }
        assertThat(rows.modeAsked).hasValue(2);
    }

    @Test
    void givenAKeyInsertedByAnotherInstanceDuringTheGroup_whenItCommits_thenEachReservesAloneAndFindsThatRow()
            throws Exception {
        // Given a group of T-1, T-2, T-3 whose INSERT waits on another instance's
        // uncommitted T-2
        writers(1);
        Future<Reservation> first = holdTheWriter("T-0");
        Connection otherInstance = holder("T-2");
        List<Future<Reservation>> reservations = reserveWhileHeld(
                List.of(payment("T-1", "SUCCESS"), payment("T-2", "SUCCESS"), payment("T-3", "SUCCESS")));
        holders.getFirst().rollback();
        await().atMost(Duration.ofSeconds(20)).until(() -> first.isDone() && lockWaits() == 1);

        // When the other instance commits T-2
        otherInstance.commit();

        // Then the group's INSERT failed on that key, and each reserved alone: T-1 and
        // T-3
        // inserted, T-2 the other instance's row
        long theirs = jdbc.sql("SELECT id FROM pay_notify_raw WHERE merchant_id = :m AND channel_trade_no = 'T-2'")
            .param("m", merchant)
            .query(Long.class)
            .single();
        assertThat(reservations.get(0).get()).isInstanceOf(Reservation.Created.class);
        assertThat(reservations.get(1).get()).isEqualTo(new Reservation.Existing(new RawRow(theirs, "SUCCESS", 0)));
        assertThat(reservations.get(2).get()).isInstanceOf(Reservation.Created.class);
        assertThat(alone("duplicate")).isEqualTo(3);
    }

    @Test
    void givenNoWriters_whenAPaymentIsReserved_thenItIsInsertedOnItsOwnThread() {
        // Given grouping turned off
        writers(0);

        // When a payment is reserved
        Reservation reservation = batcher.reserve(payment("T-1", "SUCCESS"), at);

        // Then it is stored without any writer
        assertThat(reservation).isInstanceOf(Reservation.Created.class);
        assertThat(registry.get("paypipe.ingress.raw.insert.rows").summary().count()).isZero();
        assertThat(count("T-1")).isEqualTo(1);
    }

    private void writers(int writers) {
        batcher = new PaymentRawBatcher(rows, new RawInserts(writers, 16), registry);
        batcher.start();
    }

    private void writers(int writers, RowIds ids) {
        batcher = new PaymentRawBatcher(rows, new RawInserts(writers, 16),
                new RawRowGroups(rows, registry, new ServerRowIds(() -> ids, System::nanoTime)));
        batcher.start();
    }

    /**
     * Another transaction inserts {@code tradeNo} uncommitted, then a payment of that key
     * is reserved: the one writer waits on the row lock until {@link #releaseHolders()}.
     */
    private Future<Reservation> holdTheWriter(String tradeNo) throws SQLException {
        holder(tradeNo);
        Future<Reservation> first = callbacks.submit(() -> batcher.reserve(payment(tradeNo, "SUCCESS"), at));
        await().atMost(Duration.ofSeconds(20)).until(() -> lockWaits() == 1);
        return first;
    }

    /**
     * {@code payments} reserved while the writer is held on {@code heldTradeNo}, then let
     * go: one group, once the held one is stored.
     */
    private List<Future<Reservation>> groupBehind(String heldTradeNo, List<VerifiedPayment> payments) throws Exception {
        Future<Reservation> held = holdTheWriter(heldTradeNo);
        List<Future<Reservation>> reservations = reserveWhileHeld(payments);
        releaseHolders();
        held.get();
        return reservations;
    }

    private List<Future<Reservation>> reserveWhileHeld(List<VerifiedPayment> payments) {
        List<Future<Reservation>> reservations = new ArrayList<>();
        for (VerifiedPayment p : payments) {
            reservations.add(callbacks.submit(() -> batcher.reserve(p, at)));
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> batcher.waiting() == payments.size());
        return reservations;
    }

    private Connection holder(String tradeNo) throws SQLException {
        Connection holder = DriverManager.getConnection(TestInfra.get().jdbcUrl(), TestInfra.get().username(),
                TestInfra.get().password());
        holder.setAutoCommit(false);
        holders.add(holder);
        new PaymentRawRepository(JdbcClient.create(new SingleConnectionDataSource(holder, true)))
            .reserve(payment(tradeNo, "SUCCESS"), at);
        return holder;
    }

    private void releaseHolders() throws SQLException {
        for (Connection holder : holders) {
            holder.rollback();
        }
    }

    /** Statements on pay_notify_raw waiting for a row lock. */
    private int lockWaits() {
        return jdbc.sql("""
                SELECT COUNT(*) FROM information_schema.INNODB_TRX
                WHERE trx_state = 'LOCK WAIT' AND trx_query LIKE '%pay_notify_raw%'
                """).query(Integer.class).single();
    }

    private String stored(long id) {
        return jdbc.sql("SELECT channel_trade_no, raw_body, created_at FROM pay_notify_raw WHERE id = :id")
            .param("id", id)
            .query((rs, n) -> rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getTimestamp(3).toInstant())
            .single();
    }

    private int count(String tradeNo) {
        return jdbc.sql("SELECT COUNT(*) FROM pay_notify_raw WHERE merchant_id = :m AND channel_trade_no = :t")
            .param("m", merchant)
            .param("t", tradeNo)
            .query(Integer.class)
            .single();
    }

    private double alone(String reason) {
        return registry.get("paypipe.ingress.raw.insert.alone").tag("reason", reason).counter().count();
    }

    private VerifiedPayment payment(String tradeNo, String channelState) {
        boolean paid = channelState.equals("SUCCESS");
        return new VerifiedPayment(Channel.WECHATPAY,
                new OrderKey(TenantId.of("t1"), MerchantId.of(merchant), OutTradeNo.of("O-" + tradeNo)), null,
                ChannelTradeNo.of(tradeNo), paid ? PaymentState.SUCCEEDED : PaymentState.UNKNOWN, channelState,
                Money.of(100, "CNY"), Money.of(paid ? 100 : 0, "CNY"), paid ? at : null, "notify-" + tradeNo,
                "body of " + tradeNo);
    }

    /**
     * The repository, counting a group's SELECTs of its keys (before its INSERT, and
     * after it where the ids are read back) and the questions for the server's lock mode;
     * the ids a driver reports can be made wrong.
     */
    private static final class CountingRows extends PaymentRawRepository {

        final AtomicInteger groupSelects = new AtomicInteger();

        final AtomicInteger modeAsked = new AtomicInteger();

        UnaryOperator<List<Long>> reportedIds = UnaryOperator.identity();

        CountingRows(JdbcClient jdbc) {
            super(jdbc);
        }

        @Override
        Map<TradeKey, RawRow> findByTradeKeys(List<TradeKey> keys) {
            groupSelects.incrementAndGet();
            return super.findByTradeKeys(keys);
        }

        @Override
        RowIds rowIds() {
            modeAsked.incrementAndGet();
            return super.rowIds();
        }

        @Override
        List<Long> insertAllReturningIds(List<RawRowGroups.Pending> payments) {
            return reportedIds.apply(super.insertAllReturningIds(payments));
        }

    }

    private static VerifiedPayment withNotifyId(VerifiedPayment p, String notifyId) {
        return new VerifiedPayment(p.channel(), p.orderKey(), p.spMerchantId(), p.channelTradeNo(), p.state(),
                p.channelState(), p.orderAmount(), p.paidAmount(), p.paidAt(), notifyId, p.rawBody());
    }

}
