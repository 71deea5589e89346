package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import io.paypipe.sandbox.wechatpay.RefundStatus;
import io.paypipe.sandbox.wechatpay.SerialForm;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import io.paypipe.sandbox.wechatpay.WechatPayNotifications;
import io.paypipe.sandbox.wechatpay.WechatPayRefunds;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.time.Duration;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * WeChat Pay merchant setups end to end, through the sandbox, ingress, the broker and the
 * processor: a service provider with two sub-merchants
 * ({@code sandbox.sub-merchant-count=2}) and merchants in the middle of the switch from
 * platform certificates to public keys
 * ({@code sandbox.wechatpay-certificate-serials=true}).
 */
class WechatPayMerchantModesEndToEndIntegrationTest {

    private static final String SUB_1 = "1900009100";

    private static final String SUB_2 = "1900009101";

    private static LocalPipeline pipeline;

    private static JdbcClient jdbc;

    @BeforeAll
    static void startPipeline() {
        LocalPipeline.Settings settings = settings()
            .withExtra(PipelineService.SANDBOX, "sandbox.sub-merchant-count", "2")
            .withExtra(PipelineService.SANDBOX, "sandbox.wechatpay-certificate-serials", "true");
        pipeline = LocalPipeline.start(settings,
                EnumSet.of(PipelineService.SANDBOX, PipelineService.PROCESSOR, PipelineService.INGRESS));
        jdbc = jdbc(pipeline, PipelineService.PROCESSOR);
    }

    @AfterAll
    static void stopPipeline() {
        pipeline.close();
    }

    @Test
    void twoSubMerchantsWithTheSameOutTradeNoNeverTouchEachOthersOrder() {
        // Given the same out_trade_no ordered at both sub-merchants of the service
        // provider
        String outTradeNo = newOutTradeNo();
        orders(pipeline).create(SUB_1, outTradeNo, 300);
        orders(pipeline).create(SUB_2, outTradeNo, 700);
        await().atMost(Duration.ofSeconds(60))
            .until(() -> status(SUB_1, outTradeNo).equals("PENDING") && status(SUB_2, outTradeNo).equals("PENDING"));

        // When WeChat reports the payment of the first one
        var payment = payments(pipeline).pay(SUB_1, outTradeNo, 300, null, 1);

        // Then only that order is paid, with its own ledger row; the other stays PENDING
        // without one
        await().atMost(Duration.ofSeconds(60)).until(() -> status(SUB_1, outTradeNo).equals("PAID"));
        assertThat(payment.deliveries().getFirst().join().status()).isEqualTo(NotificationPusher.Status.DELIVERED);
        await().during(Duration.ofSeconds(1))
            .atMost(Duration.ofSeconds(10))
            .until(() -> status(SUB_2, outTradeNo).equals("PENDING") && ledgerRows(SUB_2, outTradeNo) == 0);
        assertThat(ledgerRows(SUB_1, outTradeNo)).isEqualTo(1);
        assertThat(jdbc.sql("SELECT merchant_id, sp_merchant_id FROM pay_notify_raw WHERE out_trade_no = :o")
            .param("o", outTradeNo)
            .query((rs, i) -> rs.getString(1) + "/" + rs.getString(2))
            .list()).containsExactly(SUB_1 + "/" + SandboxMerchants.SERVICE_PROVIDER_MCHID);

        // And paying the second one later pays it by its own trade number
        payments(pipeline).pay(SUB_2, outTradeNo, 700, null, 1);
        await().atMost(Duration.ofSeconds(60)).until(() -> status(SUB_2, outTradeNo).equals("PAID"));
        assertThat(ledgerRows(SUB_1, outTradeNo)).isEqualTo(1);
        assertThat(ledgerRows(SUB_2, outTradeNo)).isEqualTo(1);
    }

    @Test
    void oneMerchantsPaymentsArriveUnderBothSerialFormsAndBothPay() {
        // Given two orders of a merchant that has a public-key id and a certificate
        // serial
        WechatPaySandboxMerchant merchant = pipeline.bean(PipelineService.SANDBOX, SandboxMerchants.class)
            .firstWechatPay();
        String byPublicKey = newOutTradeNo();
        String byCertificate = newOutTradeNo();
        orders(pipeline).create(merchant.merchantId(), byPublicKey, 1_000);
        orders(pipeline).create(merchant.merchantId(), byCertificate, 2_000);
        await().atMost(Duration.ofSeconds(60))
            .until(() -> status(merchant.merchantId(), byPublicKey).equals("PENDING")
                    && status(merchant.merchantId(), byCertificate).equals("PENDING"));

        // When WeChat signs one payment under each serial form
        SignedNotification first = push(PaymentSpec.success(merchant, byPublicKey, 1_000), SerialForm.PUBLIC_KEY_ID);
        SignedNotification second = push(PaymentSpec.success(merchant, byCertificate, 2_000),
                SerialForm.CERTIFICATE_SERIAL);

        // Then both are accepted and pay their order
        assertThat(first.serial()).startsWith("PUB_KEY_ID_");
        assertThat(second.serial()).matches("[0-9A-F]{40}");
        await().atMost(Duration.ofSeconds(60))
            .until(() -> status(merchant.merchantId(), byPublicKey).equals("PAID")
                    && status(merchant.merchantId(), byCertificate).equals("PAID"));
    }

    @Test
    void aSubMerchantsRefundFromTheSandboxIsStoredForTheRefundService() {
        // Given a paid order of a sub-merchant
        String outTradeNo = newOutTradeNo();
        orders(pipeline).create(SUB_2, outTradeNo, 900);
        await().atMost(Duration.ofSeconds(60)).until(() -> status(SUB_2, outTradeNo).equals("PENDING"));
        String transactionId = payments(pipeline).pay(SUB_2, outTradeNo, 900, null, 1).spec().transactionId();
        await().atMost(Duration.ofSeconds(60)).until(() -> status(SUB_2, outTradeNo).equals("PAID"));

        // When WeChat reports a refund of 4.00 of it
        WechatPayRefunds.Refund refund = pipeline.bean(PipelineService.SANDBOX, WechatPayRefunds.class)
            .refund(SUB_2, outTradeNo, transactionId, "RF" + outTradeNo.substring(3), 900, 400, RefundStatus.SUCCESS,
                    1);

        // Then ingress acknowledged it and keeps it under our refund number, keyed by the
        // sub-merchant
        assertThat(refund.deliveries().getFirst().join().status()).isEqualTo(NotificationPusher.Status.DELIVERED);
        assertThat(jdbc.sql("""
                SELECT merchant_id, sp_merchant_id, refund_no, channel_trade_no, refund_state, refund_amount_minor
                FROM pay_refund_raw WHERE out_trade_no = :o""")
            .param("o", outTradeNo)
            .query((rs, i) -> String.join(" ", rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                    rs.getString(5), Long.toString(rs.getLong(6))))
            .list())
            .containsExactly(String.join(" ", SUB_2, SandboxMerchants.SERVICE_PROVIDER_MCHID,
                    refund.spec().outRefundNo(), transactionId, "SUCCESS", "400"));
    }

    private static SignedNotification push(PaymentSpec spec, SerialForm form) {
        WechatPayNotifications notifications = pipeline.bean(PipelineService.SANDBOX, WechatPayNotifications.class);
        SignedNotification n = notifications.transactionSuccess(spec, form);
        NotificationPusher.Delivery delivery = pipeline.bean(PipelineService.SANDBOX, NotificationPusher.class)
            .push(n, again -> notifications.resign(again, spec.merchant()))
            .join();
        assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.DELIVERED);
        return n;
    }

    private static String status(String merchantId, String outTradeNo) {
        return jdbc.sql("SELECT status FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", merchantId)
            .param("o", outTradeNo)
            .query(String.class)
            .optional()
            .orElse("ABSENT");
    }

    private static long ledgerRows(String merchantId, String outTradeNo) {
        return jdbc.sql("""
                SELECT COUNT(*) FROM payment_ledger l JOIN orders o ON o.id = l.order_id
                WHERE o.merchant_id = :m AND o.out_trade_no = :o""")
            .param("m", merchantId)
            .param("o", outTradeNo)
            .query(Long.class)
            .single();
    }

}
