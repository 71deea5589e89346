package io.paypipe.sandbox.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.wechat.pay.java.core.cipher.PrivacyDecryptor;
import com.wechat.pay.java.core.cipher.RSAPrivacyDecryptor;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.http.HttpClient;
import com.wechat.pay.java.core.util.PemUtil;
import com.wechat.pay.java.service.billdownload.BillDownloadService;
import com.wechat.pay.java.service.billdownload.BillDownloadServiceExtension;
import com.wechat.pay.java.service.billdownload.DigestBillEntity;
import com.wechat.pay.java.service.billdownload.model.BillType;
import com.wechat.pay.java.service.billdownload.model.GetTradeBillRequest;
import com.wechat.pay.java.service.billdownload.model.TarType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The sandbox's trade bill API as the official SDK calls it: its
 * {@code BillDownloadServiceExtension} asks for the bill (signed, the answer verified),
 * downloads it (gzip or plain), and finds its SHA-1 is the one announced; the bill lists
 * the day's payments and refunds made through the sandbox's WeChat Pay, in Beijing days.
 */
class WechatPayTradeBillApiTest extends WechatPayRefundApiSupport {

    private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    @Autowired
    WechatPayRefunds refunds;

    @Test
    void givenAPaymentAndARefundOfADay_whenTheSdkDownloadsTheGzipBill_thenItsHashVerifiesAndItListsThem() {
        // Given a payment of 123.45 at 10:00 and a refund of 20.00 of it at 11:00
        LocalDate day = today().minusDays(3);
        PaymentSpec paid = payAt(DIRECT, 12_345, day, "10:00:00");
        RefundSpec refund = RefundSpec.success(merchantOf(DIRECT), null, paid.outTradeNo(), paid.transactionId(),
                "RF-BILL-" + unique(), 12_345, 2_000);
        refunds.push(refund.withSuccessTime(day.atTime(11, 0).atZone(BEIJING).toInstant()), 1);

        // When the SDK downloads the day's bill
        Bill bill = download(DIRECT, day, TarType.GZIP, null);

        // Then it verifies, and its rows and summary are the payment's and the refund's
        assertThat(bill.hashVerified()).isTrue();
        assertThat(bill.rowsOf(paid.transactionId())).satisfiesExactly(
                row -> assertThat(row).startsWith("`" + day + " 10:00:00,")
                    .contains(",`" + paid.outTradeNo() + ",", ",`SUCCESS,`OTHERS,`CNY,`123.45,", ",`0.74000,`0.60%,"),
                row -> assertThat(row).startsWith("`" + day + " 11:00:00,")
                    .contains(",`REFUND,", ",`" + refund.refundId() + ",`" + refund.outRefundNo() + ",`20.00,"));
        assertThat(bill.lines()).endsWith("`2,`123.45,`20.00,`0.00,`0.74000,`123.45,`20.00");
    }

    @Test
    void givenAPaymentAt235958Beijing_whenTheDayAndTheNextAreDownloaded_thenItIsInItsDaysBillOnly() {
        LocalDate day = today().minusDays(5);
        PaymentSpec late = payAt(DIRECT, 500, day, "23:59:58");

        Bill itsDay = download(DIRECT, day, TarType.GZIP, null);
        Bill next = download(DIRECT, day.plusDays(1), TarType.GZIP, null);

        assertThat(itsDay.rowsOf(late.transactionId())).singleElement()
            .satisfies(row -> assertThat(row).startsWith("`" + day + " 23:59:58,"));
        assertThat(next.rowsOf(late.transactionId())).isEmpty();
        assertThat(next.hashVerified()).isTrue();
    }

    @Test
    void givenNoTarType_whenTheSdkDownloadsTheBill_thenThePlainFileVerifiesToo() {
        LocalDate day = today().minusDays(6);
        PaymentSpec paid = payAt(DIRECT, 100, day, "08:00:00");

        Bill bill = download(DIRECT, day, null, null);

        assertThat(bill.hashVerified()).isTrue();
        assertThat(bill.rowsOf(paid.transactionId())).hasSize(1);
    }

    @Test
    void givenAServiceProvider_whenItDownloadsASubMerchantsBill_thenRowsNameTheProviderAndTheSubMerchant() {
        LocalDate day = today().minusDays(7);
        PaymentSpec paid = payAt(SUB_MERCHANT, 2_000, day, "12:00:00");
        PaymentSpec other = payAt(OTHER_SUB_MERCHANT, 3_000, day, "12:00:00");

        Bill bill = download(PROVIDER, day, TarType.GZIP, SUB_MERCHANT);

        assertThat(bill.hashVerified()).isTrue();
        assertThat(bill.rowsOf(paid.transactionId())).singleElement()
            .satisfies(row -> assertThat(row).contains(",`" + PROVIDER + ",`" + SUB_MERCHANT + ",`,`"));
        assertThat(bill.rowsOf(other.transactionId())).isEmpty();
    }

    @Test
    void givenTodayOrAnotherMerchantsSubMerchant_whenAskedFor_thenWeChatsErrorsAnswer() {
        ServiceException today = catchThrowableOfType(ServiceException.class,
                () -> service(DIRECT).getTradeBill(request(today(), TarType.GZIP, null)));
        ServiceException notOwn = catchThrowableOfType(ServiceException.class,
                () -> service(DIRECT).getTradeBill(request(today().minusDays(1), TarType.GZIP, SUB_MERCHANT)));

        assertThat(today.getHttpStatusCode()).isEqualTo(400);
        assertThat(today.getErrorCode()).isEqualTo("NO_STATEMENT_EXIST");
        assertThat(notOwn.getHttpStatusCode()).isEqualTo(400);
        assertThat(notOwn.getErrorCode()).isEqualTo("PARAM_ERROR");
    }

    private PaymentSpec payAt(String merchantId, long fen, LocalDate day, String beijingTime) {
        WechatPaySandboxMerchant merchant = merchantOf(merchantId);
        PaymentSpec spec = PaymentSpec.success(merchant, merchant.subMchidFor(merchantId), "BILL-" + unique(), fen)
            .withSuccessTime(day.atTime(LocalTime.parse(beijingTime)).atZone(BEIJING).toInstant());
        return payments.push(spec, 1).spec();
    }

    private Bill download(String merchantId, LocalDate day, TarType tarType, String subMchid) {
        DigestBillEntity entity = new BillDownloadServiceExtension.Builder().httpClient(sdkClient(merchantId))
            .decryptor(decryptor(merchantId))
            .build()
            .getTradeBill(request(day, tarType, subMchid));
        try (InputStream in = entity.getInputStream()) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new Bill(Arrays.asList(text.split("\r\n")), entity.verifyHash());
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private BillDownloadService service(String merchantId) {
        return new BillDownloadService.Builder().httpClient(sdkClient(merchantId))
            .decryptor(decryptor(merchantId))
            .build();
    }

    private HttpClient sdkClient(String merchantId) {
        return OfficialRefundClient.httpClient(merchant(merchantId),
                merchant(merchantId).wechatpay().platformKeys().getFirst(), port, Duration.ofSeconds(10));
    }

    /** The SDK's services need one (for the encrypted fund-flow bills only). */
    private static PrivacyDecryptor decryptor(String merchantId) {
        return new RSAPrivacyDecryptor(
                PemUtil.loadPrivateKeyFromString(merchant(merchantId).wechatpay().merchantPrivateKeyPem()));
    }

    private static GetTradeBillRequest request(LocalDate day, TarType tarType, String subMchid) {
        GetTradeBillRequest request = new GetTradeBillRequest();
        request.setBillDate(day.toString());
        request.setBillType(BillType.ALL);
        request.setTarType(tarType);
        request.setSubMchid(subMchid);
        return request;
    }

    private static LocalDate today() {
        return LocalDate.now(BEIJING);
    }

    /** A downloaded bill's lines and whether the SDK found its hash the announced one. */
    private record Bill(List<String> lines, boolean hashVerified) {

        List<String> rowsOf(String transactionId) {
            return lines.stream().filter(l -> l.contains(",`" + transactionId + ",")).toList();
        }

    }

}
