// Seed 003's api_01 … api_28 are OpenDART's 28 periodic-report key-information APIs (정기보고서
// 주요정보, DS002), in the order of the project's provider reference §5.3: the seed's own titles for
// api_01–api_10, OpenDART's titles for the rest. `accounts` adds the main accounts of the financial
// statements (fnlttSinglAcnt) for revenue and profit questions, which the 28 do not cover.
// `fields` are each endpoint's row fields (besides rcept_no, corp_cls, corp_code, corp_name, which every
// row has); `display` the few an answer's table shows.

export interface ReportApi {
  key: string;
  endpoint: string;
  title: string;
  fields: readonly string[];
  display: readonly string[];
}

const api = (n: number, endpoint: string, title: string, fields: string, display: string): ReportApi => ({
  key: `api_${String(n).padStart(2, "0")}`,
  endpoint,
  title,
  fields: fields.split(" "),
  display: display.split(" "),
});

const BALANCE_BY_TERM =
  "remndr_exprtn1 remndr_exprtn2 yy1_below yy1_excess_yy2_below yy2_excess_yy3_below yy3_excess_yy4_below yy4_excess_yy5_below yy5_excess_yy10_below";

export const DART_KEY_APIS: readonly ReportApi[] = [
  api(
    1,
    "irdsSttus",
    "증자(감자) 현황",
    "isu_dcrs_de isu_dcrs_stle isu_dcrs_stock_knd isu_dcrs_qy isu_dcrs_mstvdv_fval_amount isu_dcrs_mstvdv_amount stlm_dt",
    "isu_dcrs_de isu_dcrs_stle isu_dcrs_stock_knd isu_dcrs_qy isu_dcrs_mstvdv_amount",
  ),
  api(
    2,
    "alotMatter",
    "배당에 관한 사항",
    "se stock_knd thstrm frmtrm lwfr stlm_dt",
    "se stock_knd thstrm frmtrm lwfr",
  ),
  api(
    3,
    "tesstkAcqsDspsSttus",
    "자기주식 취득 및 처분 현황",
    "acqs_mth1 acqs_mth2 acqs_mth3 stock_knd bsis_qy change_qy_acqs change_qy_dsps change_qy_incnr trmend_qy rm stlm_dt",
    "acqs_mth1 acqs_mth2 stock_knd bsis_qy change_qy_acqs change_qy_dsps change_qy_incnr trmend_qy",
  ),
  api(
    4,
    "hyslrSttus",
    "최대주주 현황",
    "nm relate stock_knd bsis_posesn_stock_co bsis_posesn_stock_qota_rt trmend_posesn_stock_co trmend_posesn_stock_qota_rt rm stlm_dt",
    "nm relate stock_knd bsis_posesn_stock_qota_rt trmend_posesn_stock_co trmend_posesn_stock_qota_rt",
  ),
  api(
    5,
    "hyslrChgSttus",
    "최대주주 변동현황",
    "change_on mxmm_shrholdr_nm posesn_stock_co qota_rt change_cause rm stlm_dt",
    "change_on mxmm_shrholdr_nm posesn_stock_co qota_rt change_cause",
  ),
  api(
    6,
    "mrhlSttus",
    "소액주주 현황",
    "se shrholdr_co shrholdr_tot_co shrholdr_rate hold_stock_co stock_tot_co hold_stock_rate stlm_dt",
    "se shrholdr_co shrholdr_rate hold_stock_co hold_stock_rate",
  ),
  api(
    7,
    "exctvSttus",
    "임원 현황",
    "nm sexdstn birth_ym ofcps rgist_exctv_at fte_at chrg_job main_career mxmm_shrholdr_relate hffc_pd tenure_end_on stlm_dt",
    "nm ofcps rgist_exctv_at fte_at chrg_job hffc_pd",
  ),
  api(
    8,
    "empSttus",
    "직원 현황",
    "fo_bbm sexdstn reform_bfe_emp_co_rgllbr reform_bfe_emp_co_cnttk reform_bfe_emp_co_etc rgllbr_co rgllbr_abacpt_labrr_co cnttk_co cnttk_abacpt_labrr_co sm avrg_cnwk_sdytrn fyer_salary_totamt jan_salary_am rm stlm_dt",
    "fo_bbm sexdstn sm avrg_cnwk_sdytrn jan_salary_am",
  ),
  api(
    9,
    "hmvAuditIndvdlBySttus",
    "이사·감사의 개인별 보수현황(5억원 이상)",
    "nm ofcps mendng_totamt mendng_totamt_ct_incls_mendng stlm_dt",
    "nm ofcps mendng_totamt",
  ),
  api(
    10,
    "hmvAuditAllSttus",
    "이사·감사 전체의 보수현황(보수지급금액 - 이사·감사 전체)",
    "nmpr mendng_totamt jan_avrg_mendng_am rm stlm_dt",
    "nmpr mendng_totamt jan_avrg_mendng_am",
  ),
  api(
    11,
    "indvdlByPay",
    "개인별 보수지급 금액(5억 이상 상위 5인)",
    "nm ofcps mendng_totamt mendng_totamt_ct_incls_mendng stlm_dt",
    "nm ofcps mendng_totamt",
  ),
  api(
    12,
    "otrCprInvstmntSttus",
    "타법인 출자현황",
    "inv_prm frst_acqs_de invstmnt_purps frst_acqs_amount bsis_blce_qy bsis_blce_qota_rt bsis_blce_acntbk_amount incrs_dcrs_acqs_dsps_qy incrs_dcrs_acqs_dsps_amount incrs_dcrs_evl_lstmn trmend_blce_qy trmend_blce_qota_rt trmend_blce_acntbk_amount recent_bsns_year_fnnr_sttus_tot_assets recent_bsns_year_fnnr_sttus_thstrm_ntpf stlm_dt",
    "inv_prm invstmnt_purps trmend_blce_qota_rt trmend_blce_acntbk_amount",
  ),
  api(
    13,
    "cndlCaplScritsNrdmpBlce",
    "조건부 자본증권 미상환 잔액",
    `${BALANCE_BY_TERM} yy10_excess_yy20_below yy20_excess_yy30_below yy30_excess sm stlm_dt`,
    "remndr_exprtn1 remndr_exprtn2 sm",
  ),
  api(
    14,
    "unrstExctvMendngSttus",
    "미등기임원 보수현황",
    "se nmpr fyer_salary_totamt jan_salary_am rm stlm_dt",
    "se nmpr fyer_salary_totamt jan_salary_am",
  ),
  api(
    15,
    "cprndNrdmpBlce",
    "회사채 미상환 잔액",
    `${BALANCE_BY_TERM} yy10_excess sm stlm_dt`,
    "remndr_exprtn1 remndr_exprtn2 yy1_below sm",
  ),
  api(
    16,
    "srtpdPsndbtNrdmpBlce",
    "단기사채 미상환 잔액",
    "remndr_exprtn1 remndr_exprtn2 de10_below de10_excess_de30_below de30_excess_de90_below de90_excess_de180_below de180_excess_yy1_below sm isu_lmt remndr_lmt stlm_dt",
    "remndr_exprtn1 remndr_exprtn2 sm isu_lmt remndr_lmt",
  ),
  api(
    17,
    "entrprsBilScritsNrdmpBlce",
    "기업어음증권 미상환 잔액",
    "remndr_exprtn1 remndr_exprtn2 de10_below de10_excess_de30_below de30_excess_de90_below de90_excess_de180_below de180_excess_yy1_below yy1_excess_yy2_below yy2_excess_yy3_below yy3_excess sm stlm_dt",
    "remndr_exprtn1 remndr_exprtn2 sm",
  ),
  api(
    18,
    "detScritsIsuAcmslt",
    "채무증권 발행실적",
    "isu_cmpny scrits_knd_nm isu_mth_nm isu_de facvalu_totamt intrt evl_grad_instt mtd repy_at mngt_cmpny stlm_dt",
    "isu_cmpny scrits_knd_nm isu_de facvalu_totamt intrt mtd",
  ),
  api(
    19,
    "prvsrpCptalUseDtls",
    "사모자금의 사용내역",
    "se_nm tm pay_de pay_amount cptal_use_plan real_cptal_use_sttus mtrpt_cptal_use_plan_useprps mtrpt_cptal_use_plan_prcure_amount real_cptal_use_dtls_cn real_cptal_use_dtls_amount dffrnc_occrrnc_resn stlm_dt",
    "se_nm tm pay_de pay_amount real_cptal_use_dtls_cn",
  ),
  api(
    20,
    "pssrpCptalUseDtls",
    "공모자금의 사용내역",
    "se_nm tm pay_de pay_amount on_dclrt_cptal_use_plan real_cptal_use_sttus rs_cptal_use_plan_useprps rs_cptal_use_plan_prcure_amount real_cptal_use_dtls_cn real_cptal_use_dtls_amount dffrnc_occrrnc_resn stlm_dt",
    "se_nm tm pay_de pay_amount real_cptal_use_dtls_cn",
  ),
  api(
    21,
    "drctrAdtAllMendngSttusGmtsckConfmAmount",
    "이사·감사 전체의 보수현황(주주총회 승인금액)",
    "se nmpr gmtsck_confm_amount rm stlm_dt",
    "se nmpr gmtsck_confm_amount",
  ),
  api(
    22,
    "drctrAdtAllMendngSttusMendngPymntamtTyCl",
    "이사·감사 전체의 보수현황(보수지급금액-유형별)",
    "se nmpr pymnt_totamt psn1_avrg_pymntamt rm stlm_dt",
    "se nmpr pymnt_totamt psn1_avrg_pymntamt",
  ),
  api(
    23,
    "stockTotqySttus",
    "주식의 총수 현황",
    "se isu_stock_totqy now_to_isu_stock_totqy now_to_dcrs_stock_totqy redc profit_incnr rdmstk_repy etc istc_totqy tesstk_co distb_stock_co stlm_dt",
    "se isu_stock_totqy istc_totqy tesstk_co distb_stock_co",
  ),
  api(
    24,
    "accnutAdtorNmNdAdtOpinion",
    "회계감사인의 명칭 및 감사의견",
    "bsns_year adtor adt_opinion adt_reprt_spcmnt_matter emphs_matter core_adt_matter stlm_dt",
    "bsns_year adtor adt_opinion",
  ),
  api(
    25,
    "adtServcCnclsSttus",
    "감사용역체결현황",
    "bsns_year adtor cn mendng tot_reqre_time adt_cntrct_dtls_mendng adt_cntrct_dtls_time real_exc_dtls_mendng real_exc_dtls_time stlm_dt",
    "bsns_year adtor mendng tot_reqre_time",
  ),
  api(
    26,
    "accnutAdtorNonAdtServcCnclsSttus",
    "회계감사인과의 비감사용역 계약체결 현황",
    "bsns_year cntrct_cncls_de servc_cn servc_exc_pd servc_mendng rm stlm_dt",
    "bsns_year cntrct_cncls_de servc_cn servc_mendng",
  ),
  api(
    27,
    "outcmpnyDrctrNdChangeSttus",
    "사외이사 및 그 변동현황",
    "drctr_co otcmp_drctr_co apnt rlsofc mdstrm_resig stlm_dt",
    "drctr_co otcmp_drctr_co apnt rlsofc mdstrm_resig",
  ),
  api(
    28,
    "newCaplScritsNrdmpBlce",
    "신종자본증권 미상환 잔액",
    "remndr_exprtn1 remndr_exprtn2 yy1_below yy1_excess_yy5_below yy5_excess_yy10_below yy10_excess_yy15_below yy15_excess_yy20_below yy20_excess_yy30_below yy30_excess sm stlm_dt",
    "remndr_exprtn1 remndr_exprtn2 sm",
  ),
];

export const ACCOUNTS_KEY = "accounts";

export const ACCOUNTS_API: ReportApi = {
  key: ACCOUNTS_KEY,
  endpoint: "fnlttSinglAcnt",
  title: "재무제표 주요계정(매출액·영업이익·당기순이익·자산·부채·자본)",
  fields:
    "bsns_year stock_code reprt_code account_nm fs_div fs_nm sj_div sj_nm thstrm_nm thstrm_dt thstrm_amount frmtrm_nm frmtrm_dt frmtrm_amount bfefrmtrm_nm bfefrmtrm_dt bfefrmtrm_amount ord currency".split(
      " ",
    ),
  display: ["fs_nm", "account_nm", "thstrm_nm", "thstrm_amount", "frmtrm_amount"],
};

/** Every key a regular report offers: api_01 … api_28, then accounts. */
export const REPORT_APIS: readonly ReportApi[] = [...DART_KEY_APIS, ACCOUNTS_API];

export const REPORT_API_KEYS: readonly string[] = REPORT_APIS.map((a) => a.key);

const byKey = new Map(REPORT_APIS.map((a) => [a.key, a]));

export function reportApi(key: string): ReportApi | undefined {
  return byKey.get(key);
}
