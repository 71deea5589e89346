package io.paypipe.channel.bill;

import static io.paypipe.channel.InProcessSandbox.ALIPAY_APP;
import static io.paypipe.channel.InProcessSandbox.ALIPAY_OTHER_APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.channel.InProcessSandbox;
import io.paypipe.channel.Merchants;
import io.paypipe.channel.alipay.AlipayEndpoint;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.Merchant;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;

/**
 * {@link AlipayBillDownloads} against the sandbox's Alipay (signed gateway call through
 * the official SDK, then the download), with the credentials of the merchants file the
 * sandbox wrote. Settlements and scenarios are set through the sandbox's control
 * endpoints; each test has a day of its own.
 */
class AlipayBillDownloadsIntegrationTest {

    private static final InProcessSandbox SANDBOX = InProcessSandbox.get();

    private static final Charset GBK = Charset.forName("GBK");

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static final AlipayBillDownloads BILLS = new AlipayBillDownloads(SANDBOX.merchants(), endpoint());

    private static AlipayEndpoint endpoint() {
        return new AlipayEndpoint(SANDBOX.baseUrl() + "/sandbox/alipay/gateway.do", InProcessSandbox.CALL_TIMEOUT,
                InProcessSandbox.CALL_TIMEOUT);
    }

    private static BillRequest request(String appId, LocalDate day) {
        return new BillRequest(MerchantId.of(appId), Optional.empty(), day);
    }

    @Test
    void givenAPastDayWithAPaymentAndARefund_whenFetched_thenTheZipStreamsWithItsContentLength() throws IOException {
        // Given a payment of 25.00 and a refund of 5.00 on 2023-03-01 in Beijing
        LocalDate day = LocalDate.of(2023, 3, 1);
        settle(ALIPAY_APP, "PAYMENT", "PP-BD-1", "2023030122001400000000000001", null, 2_500, "2023-03-01T09:30:00");
        settle(ALIPAY_APP, "REFUND", "PP-BD-1", "2023030122001400000000000001", "RF-BD-1", 500, "2023-03-01T20:00:00");

        // When the day's bill is fetched
        BillFetch fetched = BILLS.fetch(request(ALIPAY_APP, day));

        // Then it is ready: the zip's bytes, as many as announced, listing both lines
        assertThat(fetched).isInstanceOf(BillFetch.Ready.class);
        try (BillFile file = ((BillFetch.Ready) fetched).file()) {
            byte[] zip = file.body().readAllBytes();
            assertThat(file.length()).isEqualTo(zip.length).isPositive();
            assertThat(file.sha1Hex()).isEmpty();
            assertThat(file.summary()).isEmpty();
            List<String> detail = detail(zip);
            assertThat(detail).anySatisfy(l -> assertThat(l).startsWith("2023030122001400000000000001\t,PP-BD-1\t,交易"))
                .anySatisfy(l -> assertThat(l).contains("\t,退款\t,").contains(",RF-BD-1\t,"))
                .contains("#交易合计：1笔，商家实收共25.00元，商家优惠共0.00元", "#退款合计：1笔，商家实收退款共-5.00元，商家优惠退款共0.00元");
        }
    }

    @Test
    void givenTodayWithARealPayment_whenFetched_thenNotReadyBecauseTheDayIsNotOverInBeijing() {
        // Given a payment Alipay takes now
        SANDBOX.alipay().pay(ALIPAY_APP, InProcessSandbox.outTradeNo("ALI-BILL-TODAY"), 1_000, null, 1);

        // When today's bill is fetched
        BillFetch fetched = BILLS.fetch(request(ALIPAY_APP, LocalDate.now(ZoneId.of("Asia/Shanghai"))));

        // Then Alipay has none yet
        assertThat(fetched).isInstanceOfSatisfying(BillFetch.NotReady.class,
                n -> assertThat(n.code()).isEqualTo("isp.bill_not_exist"));
    }

    @Test
    void givenAnErrorPageInsteadOfTheFile_whenFetched_thenReadyWithThePageForTheParserToRefuse() throws IOException {
        LocalDate day = LocalDate.of(2023, 3, 2);
        arm(ALIPAY_APP, day, "ERROR_PAGE");

        BillFetch fetched = BILLS.fetch(request(ALIPAY_APP, day));

        assertThat(fetched).isInstanceOf(BillFetch.Ready.class);
        try (BillFile file = ((BillFetch.Ready) fetched).file()) {
            assertThat(new String(file.body().readAllBytes(), StandardCharsets.UTF_8)).startsWith("<html>");
        }
    }

    @Test
    void givenAnAppTheMerchantsFileDoesNotHave_whenFetched_thenFailedForLackOfCredentials() {
        BillFetch fetched = BILLS.fetch(request("2021000100000999", LocalDate.of(2023, 3, 3)));

        assertThat(fetched).isInstanceOfSatisfying(BillFetch.Failed.class,
                f -> assertThat(f.reason()).startsWith("no credentials"));
    }

    @Test
    void givenAServiceProviderTheMerchantsFileDoesNotHave_whenFetched_thenFailedForLackOfCredentials() {
        BillFetch fetched = BILLS.fetch(new BillRequest(MerchantId.of(ALIPAY_APP),
                Optional.of(MerchantId.of("2021000200000000")), LocalDate.of(2023, 3, 3)));

        assertThat(fetched).isInstanceOf(BillFetch.Failed.class);
    }

    @Test
    void givenARequestSignedWithAnotherAppsKey_whenFetched_thenFailedWithTheGatewaysCode() {
        // Given the app's private key replaced by the other app's
        String foreign = SANDBOX.merchant(ALIPAY_OTHER_APP).alipay().appPrivateKey();
        AlipayBillDownloads forged = new AlipayBillDownloads(credentials(c -> new Merchant.AlipayCredentials(c.appId(),
                c.sellerId(), c.authAppSellerIds(), c.alipayPublicKey(), foreign)), endpoint());

        // When the bill is fetched
        BillFetch fetched = forged.fetch(request(ALIPAY_APP, LocalDate.of(2023, 3, 4)));

        // Then the gateway refused it (signed 40002, which the SDK verified)
        assertThat(fetched).isInstanceOfSatisfying(BillFetch.Failed.class,
                f -> assertThat(f.reason()).contains("40002").contains("isv.invalid-signature"));
    }

    @Test
    void givenAnAnswerNotSignedWithAlipaysKeyForTheApp_whenFetched_thenFailedNeverReady() {
        // Given Alipay's public key of the app replaced by the other app's
        String foreign = SANDBOX.merchant(ALIPAY_OTHER_APP).alipay().alipayPublicKey();
        AlipayBillDownloads distrusting = new AlipayBillDownloads(
                credentials(c -> new Merchant.AlipayCredentials(c.appId(), c.sellerId(), c.authAppSellerIds(), foreign,
                        c.appPrivateKey())),
                endpoint());

        // When a past day's bill is fetched
        BillFetch fetched = distrusting.fetch(request(ALIPAY_APP, LocalDate.of(2023, 3, 5)));

        // Then the SDK's sign check failed: no download
        assertThat(fetched).isInstanceOfSatisfying(BillFetch.Failed.class,
                f -> assertThat(f.reason()).startsWith("alipay bill query: no verified answer"));
    }

    private static Merchants credentials(UnaryOperator<Merchant.AlipayCredentials> changed) {
        return SANDBOX.merchantsWith(ALIPAY_APP, m -> new Merchant(m.tenant(), m.channel(), m.merchantId(),
                m.subMerchantIds(), null, changed.apply(m.alipay()), null));
    }

    /** Records a settlement at the sandbox's Alipay ({@code beijing}: local time). */
    private static void settle(String appId, String kind, String outTradeNo, String tradeNo, String refundNo, long fen,
            String beijing) {
        String at = LocalDateTime.parse(beijing).atZone(ZoneId.of("Asia/Shanghai")).toInstant().toString();
        post("/sandbox/bills/settlements",
                "{\"channel\":\"alipay\",\"merchantId\":\"" + appId + "\",\"kind\":\"" + kind + "\",\"outTradeNo\":\""
                        + outTradeNo + "\",\"channelTradeNo\":\"" + tradeNo + "\","
                        + (refundNo == null ? "" : "\"refundNo\":\"" + refundNo + "\",") + "\"amountMinor\":" + fen
                        + ",\"currency\":\"CNY\",\"at\":\"" + at + "\"}");
    }

    private static void arm(String appId, LocalDate day, String scenario) {
        post("/sandbox/bills/scenarios", "{\"channel\":\"alipay\",\"merchantId\":\"" + appId + "\",\"day\":\"" + day
                + "\",\"scenario\":\"" + scenario + "\"}");
    }

    private static void post(String path, String json) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(SANDBOX.baseUrl() + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The lines of the zip's detail file (GBK). */
    private static List<String> detail(byte[] zip) throws IOException {
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip), GBK)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                if (entry.getName().endsWith("_业务明细.csv")) {
                    return lines(in);
                }
            }
        }
        throw new AssertionError("no detail file in the zip");
    }

    private static List<String> lines(InputStream in) throws IOException {
        return new ArrayList<>(List.of(new String(in.readAllBytes(), GBK).split("\r\n")));
    }

}
