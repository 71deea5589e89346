package io.paypipe.sandbox.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.auth.WechatPay2Credential;
import com.wechat.pay.java.core.cipher.RSASigner;
import com.wechat.pay.java.core.util.PemUtil;
import io.paypipe.core.merchant.Merchant;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The trade bill's two calls on the wire: step 1 and the download each take only a
 * merchant's signature; the download answers unsigned with the file and its length, to
 * the merchant that asked, while its URL is valid.
 */
class WechatPayBillDownloadTest extends WechatPayRefundApiSupport {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void givenASignedStep1_whenItsUrlIsDownloadedSigned_thenTheGzipComesUnsignedWithItsLength() throws Exception {
        // Given step 1 of a past day
        JsonNode step1 = step1(DIRECT, yesterday());

        // When its download URL is fetched with the merchant's signature
        HttpResponse<byte[]> file = get(step1.get("download_url").asString(), Optional.of(DIRECT));

        // Then the gzip comes, unsigned, as long as it says, and unzips to a bill
        assertThat(step1.get("hash_type").asString()).isEqualTo("SHA1");
        assertThat(step1.get("hash_value").asString()).matches("[0-9a-f]{40}");
        assertThat(file.statusCode()).isEqualTo(200);
        assertThat(file.headers().firstValue("Wechatpay-Signature")).isEmpty();
        assertThat(file.headers().firstValueAsLong("Content-Length")).hasValue(file.body().length);
        assertThat(new String(new GZIPInputStream(new ByteArrayInputStream(file.body())).readAllBytes()))
            .startsWith("交易时间,");
    }

    @Test
    void givenNoSignature_whenEitherCallIsMade_thenItIsRefused401Unsigned() throws Exception {
        String url = step1(DIRECT, yesterday()).get("download_url").asString();

        HttpResponse<byte[]> tradeBill = get(base() + "/v3/bill/tradebill?bill_date=" + yesterday() + "&bill_type=ALL",
                Optional.empty());
        HttpResponse<byte[]> download = get(url, Optional.empty());

        assertThat(tradeBill.statusCode()).isEqualTo(401);
        assertThat(code(tradeBill)).isEqualTo("SIGN_ERROR");
        assertThat(download.statusCode()).isEqualTo(401);
        assertThat(code(download)).isEqualTo("SIGN_ERROR");
    }

    @Test
    void givenAnotherMerchantsSignatureOrAnUnknownToken_whenDownloaded_thenItIs400() throws Exception {
        String url = step1(DIRECT, yesterday()).get("download_url").asString();

        HttpResponse<byte[]> otherMerchant = get(url, Optional.of(OTHER_DIRECT));
        HttpResponse<byte[]> unknown = get(base() + "/v3/billdownload/file?token=nothing", Optional.of(DIRECT));

        assertThat(otherMerchant.statusCode()).isEqualTo(400);
        assertThat(code(otherMerchant)).isEqualTo("INVALID_REQUEST");
        assertThat(unknown.statusCode()).isEqualTo(400);
    }

    @Test
    void givenADownloadUrl_whenItsValidityIsOver_thenItIs400() throws Exception {
        String url = step1(DIRECT, yesterday()).get("download_url").asString();
        assertThat(get(url, Optional.of(DIRECT)).statusCode()).isEqualTo(200);

        await().pollDelay(BILL_TOKEN_TTL)
            .atMost(BILL_TOKEN_TTL.multipliedBy(4))
            .untilAsserted(() -> assertThat(get(url, Optional.of(DIRECT)).statusCode()).isEqualTo(400));
    }

    @Test
    void givenABillTypeOtherThanAllOrABadDate_whenAskedFor_thenItIsParamError() throws Exception {
        HttpResponse<byte[]> success = get(
                base() + "/v3/bill/tradebill?bill_date=" + yesterday() + "&bill_type=SUCCESS", Optional.of(DIRECT));
        HttpResponse<byte[]> badDate = get(base() + "/v3/bill/tradebill?bill_date=20250607&bill_type=ALL",
                Optional.of(DIRECT));

        assertThat(success.statusCode()).isEqualTo(400);
        assertThat(code(success)).isEqualTo("PARAM_ERROR");
        assertThat(success.headers().firstValue("Wechatpay-Signature")).isPresent();
        assertThat(code(badDate)).isEqualTo("PARAM_ERROR");
    }

    private JsonNode step1(String merchantId, LocalDate day) throws Exception {
        HttpResponse<byte[]> answer = get(
                base() + "/v3/bill/tradebill?bill_date=" + day + "&bill_type=ALL&tar_type=GZIP",
                Optional.of(merchantId));
        assertThat(answer.statusCode()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    /** A GET signed as the SDK's {@code WechatPay2Credential} signs it, or unsigned. */
    private HttpResponse<byte[]> get(String url, Optional<String> signer) throws IOException, InterruptedException {
        URI uri = URI.create(url);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10));
        signer.ifPresent(merchantId -> {
            Merchant.WechatPayCredentials c = merchant(merchantId).wechatpay();
            request.header("Authorization",
                    new WechatPay2Credential(merchantId,
                            new RSASigner(c.merchantSerialNo(),
                                    PemUtil.loadPrivateKeyFromString(c.merchantPrivateKeyPem())))
                        .getAuthorization(uri, "GET", ""));
        });
        return http.send(request.GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String code(HttpResponse<byte[]> answer) {
        return JSON.readTree(answer.body()).get("code").asString();
    }

    private String base() {
        return "http://127.0.0.1:" + port;
    }

    private static LocalDate yesterday() {
        return LocalDate.now(ZoneId.of("Asia/Shanghai")).minusDays(1);
    }

}
