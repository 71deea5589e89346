package io.paypipe.sandbox.wechatpay.bill;

import io.paypipe.sandbox.wechatpay.ApiError;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import io.paypipe.sandbox.wechatpay.WechatPayApiGate;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import io.paypipe.sandbox.wechatpay.bill.BillStreams.Measured;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * WeChat Pay's trade bill on WeChat's paths, as the official SDK's
 * {@code BillDownloadService} and {@code HttpClient.download} call it (CHANNELS.md §1.6).
 * Step 1,
 * {@code GET /v3/bill/tradebill?bill_date=YYYY-MM-DD&bill_type=ALL[&tar_type=GZIP][&sub_mchid=]},
 * signed by the merchant ({@link WechatPayApiGate}; else 401 SIGN_ERROR, unsigned),
 * answers signed {@code {"hash_type":"SHA1","hash_value":<SHA-1 of the uncompressed
 * file>,"download_url":"<this host>/v3/billdownload/file?token=…"}}, or 400
 * NO_STATEMENT_EXIST for a day not over in Beijing, 400 PARAM_ERROR for a bad date, a
 * bill type other than ALL (the only one the sandbox serves) or a tar type other than
 * GZIP. Step 2, {@code GET /v3/billdownload/file?token=}, signed by the same merchant,
 * answers unsigned: the file (gzip when step 1 asked for GZIP) streamed with its
 * Content-Length, or 400 for a token unknown, expired or another merchant's.
 */
@RestController
class TradeBillController {

    static final String DOWNLOAD_PATH = "/v3/billdownload/file";

    static final String ERROR_PAGE = "<html><head><title>系统繁忙</title></head><body><h1>系统繁忙，请稍后再试</h1></body></html>";

    static final String ERROR_JSON = "{\"code\":\"SYSTEM_ERROR\",\"message\":\"系统繁忙，请稍后再试\"}";

    private static final Logger log = LoggerFactory.getLogger(TradeBillController.class);

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final WechatPayApiGate gate;

    private final TradeBills bills;

    private final BillTokens tokens;

    TradeBillController(WechatPayApiGate gate, TradeBills bills, BillTokens tokens) {
        this.gate = gate;
        this.bills = bills;
        this.tokens = tokens;
    }

    @GetMapping("/v3/bill/tradebill")
    ResponseEntity<byte[]> tradeBill(
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
            HttpServletRequest request) throws IOException {
        Optional<WechatPaySandboxMerchant> caller = gate.authenticate("GET", pathAndQuery(request), new byte[0],
                authorization);
        if (caller.isEmpty()) {
            return unsigned(ApiError.SIGN_ERROR);
        }
        WechatPaySandboxMerchant merchant = caller.get();
        Optional<LocalDate> day = day(request.getParameter("bill_date"));
        String billType = request.getParameter("bill_type");
        String tarType = request.getParameter("tar_type");
        if (day.isEmpty() || (billType != null && !billType.equals("ALL"))
                || (tarType != null && !tarType.equals("GZIP"))) {
            return signed(request, merchant, ApiError.PARAM_ERROR);
        }
        Optional<String> subMchid = Optional.ofNullable(request.getParameter("sub_mchid"));
        if (merchant.isServiceProvider() ? subMchid.filter(s -> !merchant.subMerchantIds().contains(s)).isPresent()
                : subMchid.isPresent()) {
            return signed(request, merchant, ApiError.SUB_MCHID_MISMATCH);
        }
        if (!bills.billed(day.get())) {
            return signed(request, merchant, ApiError.NO_STATEMENT_EXIST);
        }
        TradeBill bill = bills.of(merchant, subMchid, day.get());
        Measured measured = BillStreams.measure(bill);
        String token = tokens.issue(merchant.merchantId(), bill, tarType != null, measured);
        log.info("wechatpay trade bill of {} {} handed out ({})", subMchid.orElse(merchant.merchantId()), day.get(),
                bills.scenario(merchant, subMchid, day.get()));
        ObjectNode answer = JSON.createObjectNode();
        answer.put("hash_type", "SHA1");
        answer.put("hash_value", measured.sha1Hex());
        answer.put("download_url",
                ServletUriComponentsBuilder.fromContextPath(request)
                    .path(DOWNLOAD_PATH)
                    .queryParam("token", token)
                    .toUriString());
        return signed(request, merchant, 200, JSON.writeValueAsBytes(answer));
    }

    @GetMapping(DOWNLOAD_PATH)
    void download(@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
            HttpServletRequest request, HttpServletResponse response) throws IOException {
        Optional<WechatPaySandboxMerchant> caller = gate.authenticate("GET", pathAndQuery(request), new byte[0],
                authorization);
        if (caller.isEmpty()) {
            send(response, ApiError.SIGN_ERROR.httpStatus(), MediaType.APPLICATION_JSON_VALUE,
                    error(ApiError.SIGN_ERROR));
            return;
        }
        Optional<BillTokens.Issued> issued = tokens.find(request.getParameter("token"), caller.get().merchantId());
        if (issued.isEmpty()) {
            send(response, ApiError.BILL_TOKEN_INVALID.httpStatus(), MediaType.APPLICATION_JSON_VALUE,
                    error(ApiError.BILL_TOKEN_INVALID));
            return;
        }
        BillTokens.Issued bill = issued.get();
        switch (bill.bill().delivery()) {
            case FILE -> stream(response, bill, -1);
            case TRUNCATED -> stream(response, bill, bill.measured().length(bill.gzip()) / 2);
            case ERROR_PAGE -> send(response, 200, "text/html;charset=UTF-8", utf8(ERROR_PAGE));
            case ERROR_JSON -> send(response, 200, MediaType.APPLICATION_JSON_VALUE, utf8(ERROR_JSON));
        }
    }

    /** The file, or its first {@code limit} bytes when {@code limit} is not negative. */
    private static void stream(HttpServletResponse response, BillTokens.Issued bill, long limit) throws IOException {
        response.setStatus(200);
        response.setContentType(bill.gzip() ? MediaType.APPLICATION_OCTET_STREAM_VALUE : "text/plain;charset=UTF-8");
        response.setContentLengthLong(limit >= 0 ? limit : bill.measured().length(bill.gzip()));
        try {
            BillStreams.write(bill.bill(), bill.gzip(), limit, response.getOutputStream());
        }
        catch (IOException e) {
            log.warn("wechatpay bill download for {} broke off: {}", bill.callerMchid(), e.getClass().getSimpleName());
        }
    }

    private static void send(HttpServletResponse response, int status, String contentType, byte[] body)
            throws IOException {
        response.setStatus(status);
        response.setContentType(contentType);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static Optional<LocalDate> day(String billDate) {
        try {
            return billDate == null ? Optional.empty() : Optional.of(LocalDate.parse(billDate));
        }
        catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** What the merchant signed: the raw path, and the raw query when there is one. */
    private static String pathAndQuery(HttpServletRequest request) {
        String query = request.getQueryString();
        return request.getRequestURI() + (query == null ? "" : "?" + query);
    }

    private ResponseEntity<byte[]> signed(HttpServletRequest request, WechatPaySandboxMerchant merchant,
            ApiError error) {
        return signed(request, merchant, error.httpStatus(), error(error));
    }

    private ResponseEntity<byte[]> signed(HttpServletRequest request, WechatPaySandboxMerchant merchant, int status,
            byte[] body) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON);
        gate.signedAnswerHeaders(merchant, request.getHeader(SignedNotification.SERIAL), body).forEach(answer::header);
        return answer.body(body);
    }

    private static ResponseEntity<byte[]> unsigned(ApiError error) {
        return ResponseEntity.status(error.httpStatus()).contentType(MediaType.APPLICATION_JSON).body(error(error));
    }

    private static byte[] error(ApiError error) {
        ObjectNode node = JSON.createObjectNode();
        node.put("code", error.code());
        node.put("message", error.message());
        return JSON.writeValueAsBytes(node);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

}
