package io.paypipe.sandbox.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.domain.AlipayDataDataserviceBillDownloadurlQueryModel;
import com.alipay.api.request.AlipayDataDataserviceBillDownloadurlQueryRequest;
import com.alipay.api.response.AlipayDataDataserviceBillDownloadurlQueryResponse;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.sandbox.RunningSandbox;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * {@code alipay.data.dataservice.bill.downloadurl.query} called by the official
 * alipay-sdk-java as a merchant calls Alipay (signed request, the answer's sign verified
 * by the SDK), then its {@code bill_download_url} downloaded over HTTP.
 */
class AlipayBillGatewayTest extends RunningSandbox {

    private static final String APP = "2021000100000001";

    /** A day of this test class alone. */
    private static final LocalDate DAY = LocalDate.of(2024, 2, 29);

    private final HttpClient http = HttpClient.newHttpClient();

    @Autowired
    SettlementBook book;

    private AlipayDataDataserviceBillDownloadurlQueryResponse query(LocalDate day, String appAuthToken)
            throws Exception {
        Merchant.AlipayCredentials c = merchantEntry(APP).alipay();
        DefaultAlipayClient client = new DefaultAlipayClient(baseUrl() + "/sandbox/alipay/gateway.do", c.appId(),
                c.appPrivateKey(), "json", "UTF-8", c.alipayPublicKey(), "RSA2");
        AlipayDataDataserviceBillDownloadurlQueryModel model = new AlipayDataDataserviceBillDownloadurlQueryModel();
        model.setBillType("trade");
        model.setBillDate(day.toString());
        AlipayDataDataserviceBillDownloadurlQueryRequest request = new AlipayDataDataserviceBillDownloadurlQueryRequest();
        request.setBizModel(model);
        return client.execute(request, null, appAuthToken);
    }

    @Test
    void givenAPastDay_whenTheSdkAsks_thenItVerifiesTheAnswerAndTheUrlServesTheZipWithItsLength() throws Exception {
        // Given a payment of the app on the day
        book.record(Settlement.payment(Channel.ALIPAY, APP, "PP-GW-1", "2024022922001400000000000001", 2_500, 15, "CNY",
                DAY.atTime(9, 30).atZone(ZoneId.of("Asia/Shanghai")).toInstant()));

        // When the SDK asks for the day's bill and the URL is downloaded
        AlipayDataDataserviceBillDownloadurlQueryResponse answer = query(DAY, null);
        HttpResponse<byte[]> download = http.send(
                HttpRequest.newBuilder(URI.create(answer.getBillDownloadUrl())).build(),
                HttpResponse.BodyHandlers.ofByteArray());

        // Then the answer was signed (the SDK verified it) and the zip lists the payment
        assertThat(answer.isSuccess()).isTrue();
        assertThat(answer.getBody()).contains("\"sign\":\"");
        assertThat(answer.getBillDownloadUrl()).startsWith(baseUrl() + "/sandbox/alipay/bill/download?token=");
        assertThat(download.statusCode()).isEqualTo(200);
        assertThat(download.headers().firstValue("Content-Type"))
            .hasValueSatisfying(t -> t.startsWith("application/zip"));
        assertThat(download.headers().firstValueAsLong("Content-Length")).hasValue(download.body().length);
        Map<String, List<String>> files = AlipayBillFixtures.files(download.body());
        String detail = AlipayBillCsv.stem(APP, DAY) + "_业务明细.csv";
        assertThat(files.get(detail))
            .anySatisfy(l -> assertThat(l).startsWith("2024022922001400000000000001\t,PP-GW-1"))
            .contains("#交易合计：1笔，商家实收共25.00元，商家优惠共0.00元");
    }

    @Test
    void givenTodayInBeijing_whenTheSdkAsks_thenASignedBillNotExist() throws Exception {
        AlipayDataDataserviceBillDownloadurlQueryResponse answer = query(LocalDate.now(ZoneId.of("Asia/Shanghai")),
                null);

        assertThat(answer.getCode()).isEqualTo("40004");
        assertThat(answer.getSubCode()).isEqualTo("isp.bill_not_exist");
        assertThat(answer.getBody()).contains("\"sign\":\"");
    }

    @Test
    void givenAnAppAuthTokenOfNoAppThatAuthorisedTheCaller_whenTheSdkAsks_thenInsufficientTokenPermissions()
            throws Exception {
        AlipayDataDataserviceBillDownloadurlQueryResponse answer = query(DAY, "2021000100000000");

        assertThat(answer.getCode()).isEqualTo("20001");
        assertThat(answer.getSubCode()).isEqualTo("aop.invalid-app-auth-token");
        assertThat(answer.getBillDownloadUrl()).isNull();
    }

    @Test
    void givenAnUnknownToken_whenDownloaded_thenA404Page() throws Exception {
        HttpResponse<String> page = http.send(
                HttpRequest.newBuilder(URI.create(baseUrl() + "/sandbox/alipay/bill/download?token=nope")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(page.statusCode()).isEqualTo(404);
        assertThat(page.body()).contains("下载链接已过期");
    }

}
