package io.paypipe.channel.bill;

import static io.paypipe.channel.InProcessSandbox.WECHAT_DIRECT;
import static io.paypipe.channel.InProcessSandbox.WECHAT_OTHER_DIRECT;
import static io.paypipe.channel.InProcessSandbox.WECHAT_PROVIDER;
import static io.paypipe.channel.InProcessSandbox.WECHAT_SUB_MERCHANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.channel.InProcessSandbox;
import io.paypipe.channel.wechatpay.WechatPayEndpoint;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@link WechatPayBillDownloads} against the sandbox's trade bill API, through the
 * official SDK, with the credentials of the merchants file the sandbox wrote: the body is
 * the gzip as sent with its Content-Length, the hash the one WeChat announced, a day not
 * over is not ready, and what cannot be trusted or fetched is failed.
 */
class WechatPayBillDownloadsIntegrationTest {

    private static final InProcessSandbox SANDBOX = InProcessSandbox.get();

    private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    private static final WechatPayBillDownloads BILLS = new WechatPayBillDownloads(SANDBOX.merchants(),
            new WechatPayEndpoint(URI.create(SANDBOX.baseUrl()), InProcessSandbox.CALL_TIMEOUT));

    @AfterAll
    static void closeClient() {
        BILLS.close();
    }

    @Test
    void givenAPaymentOfAPastDay_whenFetched_thenTheBodyIsTheGzipOfItsContentLengthAndTheHashIsItsUnzippedSha1()
            throws Exception {
        // Given a payment of 12.34 at 09:30 Beijing, three days ago
        LocalDate day = today().minusDays(3);
        PaymentSpec paid = payAt(WECHAT_DIRECT, 1_234, day, "09:30:00");

        // When the day's bill is fetched and read
        BillFetch fetch = BILLS.fetch(direct(WECHAT_DIRECT, day));

        // Then it is ready: gzip bytes as long as announced, unzipping to the bill of
        // the announced SHA-1, which lists the payment
        assertThat(fetch).isInstanceOf(BillFetch.Ready.class);
        try (BillFile file = ((BillFetch.Ready) fetch).file()) {
            byte[] gzip = file.body().readAllBytes();
            byte[] plain = new GZIPInputStream(new ByteArrayInputStream(gzip)).readAllBytes();
            assertThat(file.length()).isEqualTo(gzip.length);
            assertThat(file.sha1Hex())
                .contains(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(plain)));
            assertThat(file.summary()).isEmpty();
            assertThat(new String(plain, StandardCharsets.UTF_8)).contains("`" + day + " 09:30:00,",
                    ",`" + WECHAT_DIRECT + ",`0,`,`" + paid.transactionId() + ",", ",`12.34,");
        }
    }

    @Test
    void givenASubMerchant_whenFetchedUnderItsProvider_thenTheProvidersCredentialsAskForTheSubMerchantsBill()
            throws Exception {
        LocalDate day = today().minusDays(4);
        PaymentSpec paid = payAt(WECHAT_SUB_MERCHANT, 500, day, "15:00:00");

        BillFetch fetch = BILLS.fetch(
                new BillRequest(MerchantId.of(WECHAT_SUB_MERCHANT), Optional.of(MerchantId.of(WECHAT_PROVIDER)), day));

        assertThat(unzipped(fetch))
            .contains(",`" + WECHAT_PROVIDER + ",`" + WECHAT_SUB_MERCHANT + ",`,`" + paid.transactionId() + ",");
    }

    @Test
    void givenToday_whenFetched_thenItIsNotReadyWithWeChatsCode() {
        BillFetch fetch = BILLS.fetch(direct(WECHAT_DIRECT, today()));

        assertThat(fetch).isInstanceOfSatisfying(BillFetch.NotReady.class,
                n -> assertThat(n.code()).isEqualTo("NO_STATEMENT_EXIST"));
    }

    @Test
    void givenAnErrorPageOrACutFile_whenFetched_thenTheyAreHandedOnAsSentForTheParserToJudge() throws Exception {
        // Given a day whose download is an error page, and one whose gzip is cut
        LocalDate pageDay = today().minusDays(5);
        LocalDate cutDay = today().minusDays(6);
        payAt(WECHAT_DIRECT, 100, cutDay, "10:00:00");
        arm(WECHAT_DIRECT, pageDay, "ERROR_PAGE");
        arm(WECHAT_DIRECT, cutDay, "TRUNCATED");

        // When both are fetched
        BillFetch page = BILLS.fetch(direct(WECHAT_DIRECT, pageDay));
        BillFetch cut = BILLS.fetch(direct(WECHAT_DIRECT, cutDay));

        // Then both are ready, the page as the page, the cut gzip as long as sent
        try (BillFile file = ((BillFetch.Ready) page).file()) {
            assertThat(new String(file.body().readAllBytes(), StandardCharsets.UTF_8)).startsWith("<html>");
        }
        try (BillFile file = ((BillFetch.Ready) cut).file()) {
            byte[] sent = file.body().readAllBytes();
            assertThat(file.length()).isEqualTo(sent.length);
            assertThat(sent).startsWith(0x1f, 0x8b);
        }
    }

    @Test
    void givenNoCredentialsOrAnAnswerNotSignedByWeChat_whenFetched_thenItIsFailed() {
        LocalDate day = today().minusDays(2);
        Merchant.PlatformKey foreign = SANDBOX.merchant(WECHAT_OTHER_DIRECT).wechatpay().platformKeys().getFirst();

        BillFetch unknown = BILLS.fetch(direct("1900099999", day));
        BillFetch forged;
        try (WechatPayBillDownloads distrusting = new WechatPayBillDownloads(
                SANDBOX.merchantsWith(WECHAT_DIRECT, m -> withPlatformKey(m, foreign)),
                new WechatPayEndpoint(URI.create(SANDBOX.baseUrl()), InProcessSandbox.CALL_TIMEOUT))) {
            forged = distrusting.fetch(direct(WECHAT_DIRECT, day));
        }

        assertThat(unknown).isInstanceOfSatisfying(BillFetch.Failed.class,
                f -> assertThat(f.reason()).startsWith("no credentials"));
        assertThat(forged).isInstanceOfSatisfying(BillFetch.Failed.class,
                f -> assertThat(f.reason()).contains("not signed"));
    }

    private static PaymentSpec payAt(String merchantId, long fen, LocalDate day, String beijingTime) {
        WechatPaySandboxMerchant merchant = SANDBOX.wechatpay().merchants().wechatPay(merchantId);
        PaymentSpec spec = PaymentSpec
            .success(merchant, merchant.subMchidFor(merchantId), InProcessSandbox.outTradeNo("WX-BILL"), fen)
            .withSuccessTime(day.atTime(LocalTime.parse(beijingTime)).atZone(BEIJING).toInstant());
        return SANDBOX.wechatpay().push(spec, 1).spec();
    }

    private static void arm(String merchantId, LocalDate day, String scenario) throws Exception {
        HttpResponse<String> armed = HttpClient.newHttpClient()
            .send(HttpRequest.newBuilder(URI.create(SANDBOX.baseUrl() + "/sandbox/bills/scenarios"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"channel\":\"wechatpay\",\"merchantId\":\"" + merchantId
                        + "\",\"day\":\"" + day + "\",\"scenario\":\"" + scenario + "\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(armed.statusCode()).isEqualTo(201);
    }

    private static String unzipped(BillFetch fetch) throws IOException {
        assertThat(fetch).isInstanceOf(BillFetch.Ready.class);
        try (BillFile file = ((BillFetch.Ready) fetch).file()) {
            return new String(new GZIPInputStream(file.body()).readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static BillRequest direct(String merchantId, LocalDate day) {
        return new BillRequest(MerchantId.of(merchantId), Optional.empty(), day);
    }

    private static LocalDate today() {
        return LocalDate.now(BEIJING);
    }

    private static Merchant withPlatformKey(Merchant m, Merchant.PlatformKey foreign) {
        Merchant.WechatPayCredentials c = m.wechatpay();
        Merchant.PlatformKey forged = new Merchant.PlatformKey(c.platformKeys().getFirst().id(),
                foreign.publicKeyPem());
        return new Merchant(m.tenant(), m.channel(), m.merchantId(), m.subMerchantIds(),
                new Merchant.WechatPayCredentials(c.apiV3Key(), c.appIds(), c.subAppIds(), List.of(forged),
                        c.merchantSerialNo(), c.merchantPrivateKeyPem()),
                null, null);
    }

}
