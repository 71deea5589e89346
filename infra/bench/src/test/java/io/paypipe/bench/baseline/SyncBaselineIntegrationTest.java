package io.paypipe.bench.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.paypipe.bench.baseline.SyncBaseline.BaselineOrder;
import io.paypipe.bench.baseline.SyncBaseline.Effects;
import io.paypipe.bench.baseline.SyncBaseline.Settings;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.sandbox.merchant.MerchantCounts;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import io.paypipe.sandbox.wechatpay.WechatPayNotifications;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The synchronous baseline against the real MariaDB, fed notifications signed and
 * encrypted as WeChat does (by the sandbox, with a direct merchant, a merchant signing
 * with either of two keys, and a service provider).
 */
class SyncBaselineIntegrationTest {

    private static final String JDBC_URL = "jdbc:mysql://127.0.0.1:3306/test?useSSL=false&allowPublicKeyRetrieval=true"
            + "&connectTimeout=3000&rewriteBatchedStatements=true";

    private static HikariDataSource dataSource;

    private static SandboxMerchants merchants;

    private static SyncBaseline baseline;

    private static final WechatPayNotifications wechat = new WechatPayNotifications(Clock.systemUTC());

    private static final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void start() throws Exception {
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(JDBC_URL);
        dataSource.setUsername("root");
        dataSource.setPassword("");
        dataSource.setMaximumPoolSize(10);
        merchants = SandboxMerchants.generate(new MerchantCounts("bench", 2, 1, true, 0, 0, 0));
        // the merchants as the driver gets them: written by the sandbox, read back with
        // the product's reader
        Path file = merchants.writeMerchantsFile(Files.createTempDirectory("sync-baseline").resolve("merchants.yaml"));
        Settings settings = Settings.of(dataSource, MerchantsFile.read(file).merchants(), Duration.ZERO)
            .withWorkerThreads(16);
        baseline = SyncBaseline.start(settings);
    }

    @AfterAll
    static void stop() {
        baseline.close();
        http.close();
        dataSource.close();
    }

    @Test
    void eachOrderIsPaidOnceWithOneLedgerRowAndOneDownstreamCallWhenANotificationIsRepeated() throws Exception {
        // Given four PENDING orders: two direct merchants and a service provider's
        // sub-merchant
        String prefix = runPrefix();
        WechatPaySandboxMerchant direct = merchants.wechatPay(Long.toString(SandboxMerchants.FIRST_DIRECT_MCHID));
        WechatPaySandboxMerchant other = merchants.wechatPay(Long.toString(SandboxMerchants.FIRST_DIRECT_MCHID + 1));
        WechatPaySandboxMerchant provider = merchants.wechatPay(SandboxMerchants.SERVICE_PROVIDER_MCHID);
        String sub = provider.subMerchantIds().getFirst();
        List<PaymentSpec> payments = List.of(PaymentSpec.success(direct, prefix + "1", 100),
                PaymentSpec.success(direct, prefix + "2", 250), PaymentSpec.success(other, prefix + "3", 9_999),
                PaymentSpec.success(provider, sub, prefix + "4", 1));
        baseline.createOrders(payments.stream().map(SyncBaselineIntegrationTest::orderOf).toList());

        // When each notification is posted, and the first one again, byte for byte
        List<SignedNotification> notifications = payments.stream().map(wechat::transactionSuccess).toList();
        List<HttpResponse<String>> acks = new ArrayList<>();
        for (SignedNotification n : notifications) {
            acks.add(post(n));
        }
        HttpResponse<String> repeated = post(notifications.getFirst());

        // Then every delivery, the repeated one too, got WeChat's success ack
        assertThat(acks).allSatisfy(ack -> assertThat(ack.statusCode()).isEqualTo(200));
        assertThat(acks).allSatisfy(ack -> assertThat(ack.body()).contains("SUCCESS"));
        assertThat(repeated.statusCode()).isEqualTo(200);
        assertThat(repeated.body()).contains("SUCCESS");
        // and each order was paid once, with one ledger row and one downstream call,
        // nothing failed
        assertThat(baseline.effects(prefix)).isEqualTo(new Effects(4, 4, 4, 0, 4, 0, 0));
    }

    @Test
    void concurrentDeliveriesOfOneNotificationHaveOneEffect() throws Exception {
        // Given one PENDING order
        String prefix = runPrefix();
        PaymentSpec payment = PaymentSpec.success(merchants.firstWechatPay(), prefix + "1", 500);
        baseline.createOrders(List.of(orderOf(payment)));
        SignedNotification notification = wechat.transactionSuccess(payment);

        // When its notification arrives 12 times at once
        List<Callable<Integer>> deliveries = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            deliveries.add(() -> post(notification).statusCode());
        }
        List<Integer> statuses = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(12)) {
            for (Future<Integer> status : pool.invokeAll(deliveries)) {
                statuses.add(status.get());
            }
        }

        // Then all are acknowledged and the order was paid, booked and delivered once
        assertThat(statuses).containsOnly(200);
        assertThat(baseline.effects(prefix)).isEqualTo(new Effects(1, 1, 1, 0, 1, 0, 0));
    }

    @Test
    void aTamperedSignatureGets401AndLeavesNoRow() throws Exception {
        // Given a PENDING order
        String prefix = runPrefix();
        PaymentSpec payment = PaymentSpec.success(merchants.firstWechatPay(), prefix + "1", 700);
        baseline.createOrders(List.of(orderOf(payment)));

        // When its notification arrives with a body other than the one signed
        HttpResponse<String> ack = post(wechat.tamperedBody(payment));

        // Then it is refused with WeChat's fail ack, nothing is stored and the order is
        // untouched
        assertThat(ack.statusCode()).isEqualTo(401);
        assertThat(ack.body()).contains("\"code\":\"FAIL\"");
        assertThat(callbackLogRows(prefix)).isZero();
        assertThat(baseline.effects(prefix)).isEqualTo(new Effects(1, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void anAmountOtherThanTheOrdersIsAcknowledgedButLeftPendingAsABusinessFailure() throws Exception {
        // Given a PENDING order of 800 fen
        String prefix = runPrefix();
        PaymentSpec payment = PaymentSpec.success(merchants.firstWechatPay(), prefix + "1", 800);
        baseline.createOrders(List.of(orderOf(payment)));

        // When WeChat reports 80 fen paid for it
        HttpResponse<String> ack = post(wechat.transactionSuccess(payment.withTotalFen(80).withPayerTotalFen(80)));

        // Then the article's ack policy answers success (stored), but the order is not
        // paid and nothing follows
        assertThat(ack.statusCode()).isEqualTo(200);
        assertThat(callbackLogRows(prefix)).isEqualTo(1);
        assertThat(baseline.effects(prefix)).isEqualTo(new Effects(1, 0, 0, 0, 0, 0, 1));
    }

    private static HttpResponse<String> post(SignedNotification notification) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(baseline.notifyUri())
            .POST(HttpRequest.BodyPublishers.ofByteArray(notification.body()));
        for (Map.Entry<String, String> header : notification.headers().entrySet()) {
            request.header(header.getKey(), header.getValue());
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static BaselineOrder orderOf(PaymentSpec payment) {
        return new BaselineOrder(payment.orderMerchantId(), payment.outTradeNo(), payment.totalFen());
    }

    private static long callbackLogRows(String prefix) {
        return JdbcClient.create(dataSource)
            .sql("SELECT COUNT(*) FROM bench_sync_callback_log WHERE out_trade_no LIKE :p")
            .param("p", BaselineTables.likePrefix(prefix))
            .query(Long.class)
            .single();
    }

    private static String runPrefix() {
        return "SB" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + "-";
    }

}
